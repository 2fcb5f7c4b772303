// Fault injection (issue 4 §5): which devices are offline, slow or drop connection requests.
// Selection is deterministic from the device index, so a share of s picks about s·N devices,
// spread evenly, and the same ones on every run.
import { NO_FAULTS } from '../device/sim-device';
import type { DeviceFaults } from '../device/sim-device';

export interface FleetFaults {
  /** Share [0, 1] of devices that never inform and reset connection requests. */
  offlineShare?: number;
  /** Share of devices that wait `slowMs` before each POST. */
  slowShare?: number;
  slowMs?: number;
  /** Share [0, 1] of SetParameterValues calls (on every device) answered with `spvFaultCode`. */
  spvFailureRate?: number;
  /** Default 9002 Internal error. */
  spvFaultCode?: number;
  /** Share of devices whose connection requests are dropped. */
  crDropShare?: number;
  /** 'no-session': answered 200, no session follows; 'no-answer': never answered. */
  crDropMode?: 'no-session' | 'no-answer';
  /** Share of devices that refuse partial paths in GetParameterValues (they read only full names). */
  partialPathShare?: number;
  /** The fault they answer; default 9005 Invalid parameter name. */
  partialPathFaultCode?: number;
  /** Names every device lists but refuses to read (9005 to a GetParameterValues naming one). */
  unreadableNames?: string[];
  /** Share [0, 1] of devices that answer every Download with `downloadFaultCode` (firmware campaigns). */
  downloadFaultShare?: number;
  /** Default 9010 Download failure. */
  downloadFaultCode?: number;
}

export class FaultOptionError extends Error {
  override name = 'FaultOptionError';
}

/** Is device `index` (1-based) among the `share` of the fleet? `salt` decorrelates fault kinds. */
export function selected(index: number, share: number, salt = 0): boolean {
  if (share <= 0) return false;
  if (share >= 1) return true;
  const i = index + salt;
  return Math.floor(i * share) !== Math.floor((i - 1) * share);
}

function checkShare(name: string, v: number | undefined): number {
  const share = v ?? 0;
  if (!Number.isFinite(share) || share < 0 || share > 1) {
    throw new FaultOptionError(
      `${name} must be a share between 0 and 1 (e.g. 0.1 for 10%), not ${String(v)}`,
    );
  }
  return share;
}

export function validateFaults(f: FleetFaults): void {
  checkShare('offlineShare', f.offlineShare);
  checkShare('slowShare', f.slowShare);
  checkShare('spvFailureRate', f.spvFailureRate);
  checkShare('crDropShare', f.crDropShare);
  checkShare('partialPathShare', f.partialPathShare);
  checkShare('downloadFaultShare', f.downloadFaultShare);
  const dl = f.downloadFaultCode;
  if (dl !== undefined && !(Number.isInteger(dl) && dl >= 9000 && dl <= 9899)) {
    throw new FaultOptionError(`downloadFaultCode must be a CPE fault code 9000-9899, not ${dl}`);
  }
  if (f.slowMs !== undefined && (!Number.isFinite(f.slowMs) || f.slowMs < 0)) {
    throw new FaultOptionError(`slowMs must be a number of milliseconds ≥ 0, not ${f.slowMs}`);
  }
  if (f.spvFaultCode !== undefined && !(f.spvFaultCode >= 9000 && f.spvFaultCode <= 9899)) {
    throw new FaultOptionError(`spvFaultCode must be a CPE fault code 9000-9899, not ${f.spvFaultCode}`);
  }
  const code = f.partialPathFaultCode;
  if (code !== undefined && !(Number.isInteger(code) && code >= 9000 && code <= 9899)) {
    throw new FaultOptionError(`partialPathFaultCode must be a CPE fault code 9000-9899, not ${code}`);
  }
}

export function faultsFor(index: number, f: FleetFaults): DeviceFaults {
  return {
    offline: selected(index, f.offlineShare ?? 0, 0),
    slowMs: selected(index, f.slowShare ?? 0, 3) ? (f.slowMs ?? 2000) : 0,
    spvFailureRate: f.spvFailureRate ?? NO_FAULTS.spvFailureRate,
    spvFaultCode: f.spvFaultCode ?? NO_FAULTS.spvFaultCode,
    crDrop: selected(index, f.crDropShare ?? 0, 7) ? (f.crDropMode ?? 'no-session') : 'none',
    partialPathFault: selected(index, f.partialPathShare ?? 0, 11) ? (f.partialPathFaultCode ?? 9005) : 0,
    downloadFault: selected(index, f.downloadFaultShare ?? 0, 13)
      ? (f.downloadFaultCode ?? 9010)
      : NO_FAULTS.downloadFault,
    unreadableNames: f.unreadableNames ?? NO_FAULTS.unreadableNames,
  };
}

/** A small seeded PRNG (mulberry32), so fault rates and back-off jitter replay per seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
