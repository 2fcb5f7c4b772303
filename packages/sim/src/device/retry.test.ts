import { describe, expect, it } from 'vitest';
import { MAX_RETRY_EXPONENT, retryWaitSeconds } from './retry';

describe('retryWaitSeconds (TR-069 Amendment 6, 3.2.1.1)', () => {
  it('waits within [m·k^(n−1), m·k^n] with the defaults', () => {
    expect(retryWaitSeconds(1, 5, 2000, () => 0)).toBe(5);
    expect(retryWaitSeconds(1, 5, 2000, () => 0.999999)).toBeCloseTo(10, 3);
    expect(retryWaitSeconds(4, 5, 2000, () => 0)).toBe(40);
    expect(retryWaitSeconds(4, 5, 2000, () => 0.5)).toBe(60);
  });

  it('stops growing at n = 10', () => {
    expect(MAX_RETRY_EXPONENT).toBe(10);
    expect(retryWaitSeconds(25, 5, 2000, () => 0)).toBe(2560);
  });

  it('uses CWMPRetryMinimumWaitInterval and CWMPRetryIntervalMultiplier, falling back on nonsense', () => {
    expect(retryWaitSeconds(2, 10, 3000, () => 0)).toBe(30);
    expect(retryWaitSeconds(1, 0, 10, () => 0)).toBe(5);
  });
});
