import { describe, expect, it } from 'vitest';
import { ACS_FAULTS, CPE_FAULTS, faultName, soapFaultCodeFor } from './faults';

describe('fault tables (TR-069 Amendment 6, A.5)', () => {
  it('lists the ACS codes 8000-8006 and the CPE codes 9000-9032', () => {
    expect(Object.keys(ACS_FAULTS).map(Number)).toStrictEqual([8000, 8001, 8002, 8003, 8004, 8005, 8006]);
    expect(Object.keys(CPE_FAULTS)).toHaveLength(33);
    expect(CPE_FAULTS[9008]).toBe('Attempt to set a non-writable parameter');
    expect(ACS_FAULTS[8006]).toBe('ACS version incompatible with CPE');
  });

  it('names vendor and reserved ranges', () => {
    expect(faultName(8850)).toBe('Vendor-specific ACS fault');
    expect(faultName(9850)).toBe('Vendor-specific CPE fault');
    expect(faultName(9100)).toBe('Reserved CPE fault');
    expect(faultName(1234)).toBeUndefined();
  });

  it('marks argument errors as Client faults', () => {
    expect(soapFaultCodeFor(9005)).toBe('Client');
    expect(soapFaultCodeFor(9002)).toBe('Server');
  });
});
