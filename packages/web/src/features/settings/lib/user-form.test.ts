import { describe, expect, it } from 'vitest';
// eslint-disable-next-line provisor/web-server-types -- test only, never bundled: pins the copy below
import { PASSWORD_MIN_LENGTH as CONTRACT_MIN } from '../../../../../server/src/contract/users';
import { passwordProblem, PASSWORD_MIN_LENGTH, usernameProblem, validateNewUser } from './user-form';

describe('user form checks', () => {
  it("uses the contract's minimum password length", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(CONTRACT_MIN);
  });

  it('names the rule a password breaks', () => {
    expect(passwordProblem('short', 'bob')).toBe(
      'The password is too short: at least 10 characters (now 5).',
    );
    expect(passwordProblem('bob.smith1', 'bob.smith1')).toBe(
      'The password must not be the same as the username.',
    );
    expect(passwordProblem('', 'bob')).toBe('Enter a password.');
    expect(passwordProblem('long enough!', 'bob')).toBeUndefined();
  });

  it("checks the username's characters", () => {
    expect(usernameProblem('')).toBe('Enter a username.');
    expect(usernameProblem('bob smith')).toBe(
      'The username may contain only letters, digits, dot, dash, underscore and @.',
    );
    expect(usernameProblem('bob.smith@noc')).toBeUndefined();
    expect(validateNewUser({ username: 'x', password: 'y', role: 'viewer' })).toEqual({
      password: 'The password is too short: at least 10 characters (now 1).',
    });
  });
});
