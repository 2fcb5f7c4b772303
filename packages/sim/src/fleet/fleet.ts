// A fleet of virtual CPEs in one process: shared model, one connection-request server, a cap on
// concurrent sessions, counters, optional state directory. startFleet() is the programmatic API
// (the CLI and tests use it).
import type { DeviceModel } from '../model/csv-model';
import type { ParamNode } from '../model/parameter-tree';
import { ParameterTree } from '../model/parameter-tree';
import { expandSerial, personalizedNodes } from '../model/personalize';
import type { DeviceIdentity } from '../model/personalize';
import { resolveModel } from '../model/resolve-model';
import { ConnectionRequestServer, DEFAULT_CR_OPTIONS } from '../connection-request/cr-server';
import type { CrOutcome } from '../connection-request/cr-server';
import type { DeviceState } from '../device/device-state';
import { SimDevice } from '../device/sim-device';
import type { DeviceTiming } from '../device/sim-device';
import type { SessionLimits } from '../session/session';
import type { TransferLimits, UploadMethod } from '../device/transfers';
import { STANDARD_REBOOTS, validateRebootBehaviour } from '../device/reboot-behaviour';
import type { RebootBehaviour } from '../device/reboot-behaviour';
import { resolveQuirks } from '../device/quirks';
import type { RouterQuirks } from '../device/quirks';
import { faultsFor, seededRandom, validateFaults } from './fault-plan';
import type { FleetFaults } from './fault-plan';
import { StateStore, restoreInto, snapshotDevice } from './persistence';
import { Slots } from './slots';

export interface FleetOptions {
  /** The ACS URL (ManagementServer.URL), e.g. http://127.0.0.1:3029/. */
  acsUrl: string;
  count: number;
  /** A loaded model, or 'tr181', a CSV path or a short name resolved in `modelsDir`. Default 'tr181'. */
  model?: DeviceModel | string;
  modelsDir?: string;
  /** Default 'SIM{i:06}'. */
  serialTemplate?: string;
  /** Index of the first device (default 1), so several fleets can share one ACS. */
  firstIndex?: number;
  /** PeriodicInformInterval, seconds (default 300). */
  periodicInterval?: number;
  /** ACS credentials (ManagementServer.Username/Password). */
  auth?: { username: string; password: string };
  /** Keep device state here (one JSON file per device). */
  stateDir?: string;
  crHost?: string;
  crPort?: number;
  faults?: FleetFaults;
  /** How every device reports coming back from reboots (device/reboot-behaviour.ts); standard by default. */
  reboots?: Partial<RebootBehaviour>;
  /** How every device of the fleet bends the protocol, as real routers do (device/quirks.ts). */
  quirks?: Partial<RouterQuirks>;
  /** Multiplies the §12 retry waits; tests use e.g. 0.001. Default 1. */
  retryScale?: number;
  /** Multiplies periodic intervals, DelaySeconds and reboot time. Default 1. */
  timeScale?: number;
  httpTimeoutMs?: number;
  rebootMs?: number;
  transferStartMs?: number;
  activeNotifyDelayMs?: number;
  crMinIntervalMs?: number;
  maxAcsBodyBytes?: number;
  /** Most sessions in progress at once across the fleet. Default 64. */
  maxConcurrentSessions?: number;
  /** Spread the first boots over this many ms (0 = all at once). */
  rampUpMs?: number;
  /** Entries kept per device in sessionLog. Default 500. */
  sessionLogLimit?: number;
  /** How often changed device state is written to stateDir, ms. Default 2000. */
  persistIntervalMs?: number;
  sessionLimits?: SessionLimits;
  transferLimits?: TransferLimits;
  /** How the devices send Upload files: HTTP PUT (default, as TR-069 3.4.3 says) or POST, as some routers do. */
  uploadMethod?: UploadMethod;
  /** Seed of the fault-injection and back-off jitter PRNG. */
  seed?: number;
}

export interface FleetStats {
  devices: number;
  offline: number;
  inSession: number;
  sessionsOk: number;
  sessionsFailed: number;
  rpcs: number;
  connectionRequests: Record<CrOutcome, number>;
}

export const DEFAULT_TIMING: DeviceTiming = {
  httpTimeoutMs: 30_000,
  retryScale: 1,
  timeScale: 1,
  rebootMs: 2_000,
  transferStartMs: 0,
  activeNotifyDelayMs: 1_000,
  crMinIntervalMs: 1_000,
  maxAcsBodyBytes: 16 * 1024 * 1024,
};

export class Fleet {
  readonly devices: SimDevice[] = [];
  private readonly bySerial = new Map<string, SimDevice>();
  private readonly counters = { sessionsOk: 0, sessionsFailed: 0, rpcs: 0 };
  private readonly crCounts: Record<CrOutcome, number> = {
    accepted: 0,
    busy: 0,
    offline: 0,
    unauthorized: 0,
    'not-found': 0,
    dropped: 0,
  };
  private readonly dirty = new Set<SimDevice>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private persistTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  crServer!: ConnectionRequestServer;

  constructor(
    readonly options: FleetOptions,
    readonly model: DeviceModel,
    private readonly store: StateStore | undefined,
  ) {}

  device(serial: string): SimDevice | undefined {
    return this.bySerial.get(serial);
  }

  stats(): FleetStats {
    return {
      devices: this.devices.length,
      offline: this.devices.filter((d) => d.faults.offline).length,
      inSession: this.devices.filter((d) => d.inSession).length,
      ...this.counters,
      connectionRequests: { ...this.crCounts },
    };
  }

  /** Resolves once `n` sessions (fleet-wide) have ended successfully; rejects after `timeoutMs`. */
  waitForSessions(n: number, timeoutMs = 10_000): Promise<void> {
    return this.waitUntil(() => this.counters.sessionsOk >= n, timeoutMs, `${n} successful sessions`);
  }

  /** Resolves once `check()` holds (polled every 10 ms); rejects after `timeoutMs` saying what it waited for. */
  waitUntil(check: () => boolean, timeoutMs = 10_000, what = 'the condition'): Promise<void> {
    const started = Date.now();
    return new Promise((resolve, reject) => {
      const poll = () => {
        if (check()) return resolve();
        if (Date.now() - started > timeoutMs) {
          const s = this.stats();
          return reject(
            new Error(
              `Timed out after ${timeoutMs} ms waiting for ${what}: ${s.sessionsOk} sessions ok, ` +
                `${s.sessionsFailed} failed, ${s.rpcs} RPCs served.`,
            ),
          );
        }
        const t = setTimeout(() => {
          this.timers.delete(t);
          poll();
        }, 10);
        this.timers.add(t);
      };
      poll();
    });
  }

  /** Adds a device (used by startFleet). */
  add(device: SimDevice): void {
    this.devices.push(device);
    this.bySerial.set(device.serial, device);
  }

  countSession(ok: boolean, rpcs: number): void {
    if (ok) this.counters.sessionsOk++;
    else this.counters.sessionsFailed++;
    this.counters.rpcs += rpcs;
  }

  countConnectionRequest(outcome: CrOutcome): void {
    this.crCounts[outcome]++;
  }

  markDirty(device: SimDevice): void {
    if (this.store !== undefined) this.dirty.add(device);
  }

  startPersisting(intervalMs: number): void {
    if (this.store === undefined) return;
    this.persistTimer = setInterval(() => this.flush(), intervalMs);
    this.persistTimer.unref();
  }

  /** Writes every changed device to the state directory. */
  flush(): void {
    if (this.store === undefined) return;
    for (const d of this.dirty) {
      this.store.save(
        snapshotDevice(d.state, d.config.hooks.factoryNodes(), this.model.name, this.options.acsUrl),
      );
    }
    this.dirty.clear();
  }

  schedule(ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      if (!this.stopped) fn();
    }, ms);
    this.timers.add(t);
  }

  /** Stops every device (running sessions are cut short), the CR server, and writes state. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    if (this.persistTimer !== undefined) clearInterval(this.persistTimer);
    await Promise.all(this.devices.map((d) => d.stop()));
    await this.crServer.close();
    this.flush();
  }
}

function checkOptions(o: FleetOptions): void {
  if (!Number.isInteger(o.count) || o.count < 1)
    throw new Error(`count must be a whole number ≥ 1, not ${o.count}`);
  let url: URL;
  try {
    url = new URL(o.acsUrl);
  } catch {
    throw new Error(`The ACS URL "${o.acsUrl}" is not a URL; use e.g. http://127.0.0.1:3029/`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`The ACS URL must be http:// or https://, not ${url.protocol}`);
  const interval = o.periodicInterval ?? 300;
  if (!Number.isInteger(interval) || interval < 1)
    throw new Error(`periodicInterval must be whole seconds ≥ 1 (§11), not ${interval}`);
  const slots = o.maxConcurrentSessions ?? 64;
  if (!Number.isInteger(slots) || slots < 1)
    throw new Error(`maxConcurrentSessions must be ≥ 1, not ${slots}`);
  validateFaults(o.faults ?? {});
  validateRebootBehaviour(o.reboots ?? {});
  resolveQuirks(o.quirks);
}

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  checkOptions(options);
  const model =
    typeof options.model === 'object'
      ? options.model
      : resolveModel(options.model ?? 'tr181', options.modelsDir);
  const store = options.stateDir !== undefined ? new StateStore(options.stateDir) : undefined;
  const fleet = new Fleet(options, model, store);
  const slots = new Slots(options.maxConcurrentSessions ?? 64);
  const timing: DeviceTiming = {
    httpTimeoutMs: options.httpTimeoutMs ?? DEFAULT_TIMING.httpTimeoutMs,
    retryScale: options.retryScale ?? DEFAULT_TIMING.retryScale,
    timeScale: options.timeScale ?? DEFAULT_TIMING.timeScale,
    rebootMs: options.rebootMs ?? DEFAULT_TIMING.rebootMs,
    transferStartMs: options.transferStartMs ?? DEFAULT_TIMING.transferStartMs,
    activeNotifyDelayMs: options.activeNotifyDelayMs ?? DEFAULT_TIMING.activeNotifyDelayMs,
    crMinIntervalMs: options.crMinIntervalMs ?? DEFAULT_TIMING.crMinIntervalMs,
    maxAcsBodyBytes: options.maxAcsBodyBytes ?? DEFAULT_TIMING.maxAcsBodyBytes,
  };
  fleet.crServer = await ConnectionRequestServer.start(
    { ...DEFAULT_CR_OPTIONS, host: options.crHost ?? DEFAULT_CR_OPTIONS.host, port: options.crPort ?? 0 },
    (serial) => fleet.device(serial),
    (outcome) => fleet.countConnectionRequest(outcome),
  );
  const template = options.serialTemplate ?? 'SIM{i:06}';
  const first = options.firstIndex ?? 1;
  const seed = options.seed ?? 1;
  const reboots: RebootBehaviour = { ...STANDARD_REBOOTS, ...options.reboots };
  for (let index = first; index < first + options.count; index++) {
    const serial = expandSerial(template, index);
    if (fleet.device(serial) !== undefined)
      throw new Error(`The serial template gives ${serial} twice; make it unique per {i}.`);
    const identity: DeviceIdentity = {
      index,
      serial,
      acsUrl: options.acsUrl,
      acsUsername: options.auth?.username ?? '',
      acsPassword: options.auth?.password ?? '',
      connectionRequestUrl: fleet.crServer.urlFor(serial),
      connectionRequestUsername: serial,
      connectionRequestPassword: `cr-${serial}`,
      periodicInterval: options.periodicInterval ?? 300,
    };
    // Factory values are recomputed on demand instead of kept per device: memory stays per-model.
    const factoryNodes = (): ParamNode[] => personalizedNodes(model, identity);
    const state: DeviceState = {
      tree: new ParameterTree(factoryNodes()),
      root: model.root,
      manufacturer: model.manufacturer,
      oui: model.oui,
      productClass: model.productClass,
      serial,
      bootstrapUrl: '',
      events: [],
      changed: new Set(),
      finished: [],
      queued: [],
    };
    const snap = store?.load(serial);
    if (snap !== undefined) {
      restoreInto(state, snap, factoryNodes());
      const ms = `${model.root}ManagementServer.`;
      // The CR server's address is this run's; a new --acs replaces the old one (and bootstraps).
      state.tree.setLocal(`${ms}ConnectionRequestURL`, identity.connectionRequestUrl);
      if (snap.configuredAcsUrl !== options.acsUrl) state.tree.setLocal(`${ms}URL`, options.acsUrl);
    }
    const random = seededRandom(seed * 100_003 + index);
    const device = new SimDevice(state, {
      index,
      timing,
      faults: faultsFor(index, options.faults ?? {}),
      reboots,
      quirks: resolveQuirks(options.quirks),
      ...(options.sessionLimits ? { sessionLimits: options.sessionLimits } : {}),
      ...(options.transferLimits ? { transferLimits: options.transferLimits } : {}),
      ...(options.uploadMethod ? { uploadMethod: options.uploadMethod } : {}),
      sessionLogLimit: options.sessionLogLimit ?? 500,
      hooks: {
        acquireSlot: () => slots.acquire(),
        sessionEnded: (_d, ok, rpcs) => fleet.countSession(ok, rpcs),
        changed: (d) => fleet.markDirty(d),
        factoryNodes,
        random,
      },
    });
    fleet.add(device);
  }
  fleet.startPersisting(options.persistIntervalMs ?? 2000);
  const ramp = options.rampUpMs ?? 0;
  fleet.devices.forEach((d, i) => {
    if (ramp <= 0) d.boot();
    else fleet.schedule((ramp * i) / fleet.devices.length, () => d.boot());
  });
  return fleet;
}
