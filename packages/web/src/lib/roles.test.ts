import { describe, expect, it } from 'vitest';
// A test may load the contract's rule to pin the console's copy to it; the console's code may not.
// eslint-disable-next-line provisor/web-server-types -- test only, never bundled
import { ROLES, roleMay as contractRoleMay } from '../../../server/src/contract/users';
import { deniedReason, roleMay, ROLE_NAMES } from './roles';

const PERMISSIONS = ['public', 'read', 'operate', 'admin'] as const;

describe('roles', () => {
  it('mirrors the contract: the same roles and the same roleMay table', () => {
    expect(ROLE_NAMES).toEqual(ROLES);
    for (const role of ROLES)
      for (const p of PERMISSIONS)
        expect([role, p, roleMay(role, p)]).toEqual([role, p, contractRoleMay(role, p)]);
  });

  it('says why a role may not, and nothing when it may or the role is unknown', () => {
    expect(deniedReason('viewer', 'operate')).toBe(
      'Your role (viewer) can only view. Ask an admin for the operator role.',
    );
    expect(deniedReason('operator', 'admin')).toBe('Your role (operator) cannot do this. Only admins can.');
    expect(deniedReason('viewer', 'admin')).toBe('Your role (viewer) cannot do this. Only admins can.');
    expect(deniedReason('admin', 'admin')).toBeNull();
    expect(deniedReason('operator', 'operate')).toBeNull();
    expect(deniedReason(null, 'admin')).toBeNull();
  });
});
