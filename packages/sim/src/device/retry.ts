// TR-069 Amendment 6, 3.2.1.1: session retry back-off. Retry n waits a random time in
// [m·k^(n−1), m·k^n] seconds, m = CWMPRetryMinimumWaitInterval (default 5),
// k = CWMPRetryIntervalMultiplier/1000 (default 2.0); the exponent stops growing at n = 10.

export const MAX_RETRY_EXPONENT = 10;

/** Seconds to wait before retry `n` (n ≥ 1); `random` returns [0, 1). */
export function retryWaitSeconds(
  n: number,
  minWait = 5,
  multiplier = 2000,
  random: () => number = Math.random,
): number {
  const m = Number.isFinite(minWait) && minWait >= 1 ? minWait : 5;
  const k = Number.isFinite(multiplier) && multiplier >= 1000 ? multiplier / 1000 : 2;
  const e = Math.min(Math.max(n, 1), MAX_RETRY_EXPONENT);
  const low = m * k ** (e - 1);
  const high = m * k ** e;
  return low + (high - low) * random();
}
