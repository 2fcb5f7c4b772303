// One virtual CPE: runs CWMP sessions (session/session.ts) over HTTP when something asks for one
// (boot, periodic timer, connection request, value change, scheduled inform, finished transfer),
// retries failed sessions with the session retry back-off (TR-069 Amendment 6, 3.2.1.1), and carries
// out reboots and transfers afterwards.
import type { TransferComplete } from '@provisor/cwmp';
import type { ParamNode } from '../model/parameter-tree';
import { DEFAULT_SESSION_LIMITS, startSession, stepSession } from '../session/session';
import type { SessionEffect, SessionLimits } from '../session/session';
import { AcsConnection } from '../transport/acs-connection';
import { factoryReset, runAfterSession } from './after-session';
import { addEvent, buildInform, informDelivered, msValue, transferAcknowledged } from './device-state';
import type { DeviceState } from './device-state';
import { STANDARD_REBOOTS, type RebootBehaviour } from './reboot-behaviour';
import { retryWaitSeconds } from './retry';
import { serveRpc } from './serve-rpc';
import type { AfterSessionAction } from './serve-rpc';
import { SessionLog } from './session-log';
import type { TransferLimits, UploadMethod } from './transfers';
import { NO_QUIRKS, undeclarePrefixes, writesUndeclared } from './quirks';
import type { RouterQuirks } from './quirks';

export interface DeviceFaults {
  /** Never informs; connection requests find nobody (the socket is reset). */
  offline: boolean;
  /** Wait this long before each POST (a slow CPE). */
  slowMs: number;
  /** Share [0, 1] of SetParameterValues calls answered with `spvFaultCode` instead of applied. */
  spvFailureRate: number;
  spvFaultCode: number;
  /** Connection requests are answered 200 but no session follows ('no-session'), or never answered. */
  crDrop: 'none' | 'no-session' | 'no-answer';
  /**
   * Answers a GetParameterValues that names a partial path (or "") with this fault (e.g. 9005), as
   * routers that read values only by full name do; 0 reads partial paths (TR-069 Amendment 6, A.3.2.2).
   */
  partialPathFault: number;
  /**
   * Refuses every Download with this fault (e.g. 9010 Download failure, TR-069 Amendment 6, A.3.2.8),
   * as a router that will not take the file does; 0 accepts downloads.
   */
  downloadFault: number;
  /**
   * Names the router lists in GetParameterNames but refuses to read: a GetParameterValues naming any
   * of them is answered 9005 Invalid parameter name (firmwares that list a parameter they cannot
   * read, e.g. a vendor object's broken leaf).
   */
  unreadableNames: readonly string[];
}

export const NO_FAULTS: DeviceFaults = {
  offline: false,
  slowMs: 0,
  spvFailureRate: 0,
  spvFaultCode: 9002,
  crDrop: 'none',
  partialPathFault: 0,
  downloadFault: 0,
  unreadableNames: [],
};

export interface DeviceTiming {
  /** Deadline of each HTTP exchange with the ACS, ms (icwmp waits 30 s). */
  httpTimeoutMs: number;
  /** Multiplies the session retry waits (tests use e.g. 0.001). */
  retryScale: number;
  /** Multiplies PeriodicInformInterval, DelaySeconds and reboot time (tests use < 1). */
  timeScale: number;
  /** How long a reboot takes before the 1 BOOT session, ms (scaled by timeScale). */
  rebootMs: number;
  /**
   * How long the device takes to start a transfer it accepted (DelaySeconds 0), ms, scaled by
   * timeScale: real routers take a moment before they fetch the file.
   */
  transferStartMs: number;
  /** Delay before an active-notification session (ManagementServer.DefaultActiveNotificationThrottle), ms. */
  activeNotifyDelayMs: number;
  /**
   * Minimum time between two accepted connection requests; faster ones get 503
   * (TR-069 Amendment 6, 3.2.2).
   */
  crMinIntervalMs: number;
  /** Largest ACS answer accepted, bytes. */
  maxAcsBodyBytes: number;
}

export interface DeviceHooks {
  /** Waits for a fleet-wide session slot; returns its release. */
  acquireSlot(): Promise<() => void>;
  sessionEnded(device: SimDevice, ok: boolean, rpcs: number): void;
  /** The state changed (for persistence). */
  changed(device: SimDevice): void;
  /** A fresh tree of this device's factory values (FactoryReset). */
  factoryNodes(): ParamNode[];
  random(): number;
}

export interface DeviceConfig {
  index: number;
  timing: DeviceTiming;
  faults: DeviceFaults;
  /** How it reports coming back from a reboot (reboot-behaviour.ts); standard when absent. */
  reboots?: RebootBehaviour;
  /** How the device bends the protocol (none by default). */
  quirks?: RouterQuirks;
  sessionLimits?: SessionLimits;
  transferLimits?: TransferLimits;
  /** How the device sends Upload files (default PUT). */
  uploadMethod?: UploadMethod;
  /** Most entries kept in sessionLog. */
  sessionLogLimit: number;
  hooks: DeviceHooks;
}

export class SimDevice {
  readonly index: number;
  readonly sessionLog: SessionLog;
  inSession = false;
  rebooting = false;
  /** Went down for a reboot and stays down (RebootBehaviour.comesBack false) until boot() is called. */
  down = false;
  retryCount = 0;
  sessionsOk = 0;
  sessionsFailed = 0;
  private queued = false;
  private crPending = false;
  private lastCrAt = Number.NEGATIVE_INFINITY;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private periodicTimer: NodeJS.Timeout | undefined;
  private armedInterval = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly sleepers = new Set<() => void>();
  private connection: AcsConnection | undefined;
  private current: Promise<void> = Promise.resolve();

  constructor(
    readonly state: DeviceState,
    readonly config: DeviceConfig,
  ) {
    this.index = config.index;
    this.sessionLog = new SessionLog(config.sessionLogLimit);
  }

  get serial(): string {
    return this.state.serial;
  }

  get faults(): DeviceFaults {
    return this.config.faults;
  }

  /** Power on: 1 BOOT (and 0 BOOTSTRAP when not bootstrapped with this ACS), then periodic informs. */
  boot(extraEvents: { eventCode: string; commandKey: string }[] = []): void {
    if (this.stopped || this.faults.offline) return;
    this.rebooting = false;
    this.down = false;
    addEvent(this.state, '1 BOOT');
    for (const e of extraEvents) addEvent(this.state, e.eventCode, e.commandKey);
    this.config.hooks.changed(this);
    this.armPeriodic();
    this.requestSession();
  }

  getValue(name: string): string | undefined {
    return this.state.tree.value(name);
  }

  /**
   * A change made by the device itself (not the ACS). A notified parameter (TR-069 Amendment 6,
   * A.3.2.4: 1 passive, 2 active) goes into the next Inform with 4 VALUE CHANGE; active
   * notification starts one soon.
   */
  setValue(name: string, value: string): void {
    const before = this.state.tree.value(name);
    this.state.tree.setLocal(name, value);
    const node = this.state.tree.node(name);
    this.config.hooks.changed(this);
    if (!node || node.object || before === value) return;
    if (node.notification === 1 || node.notification === 2) {
      this.state.changed.add(name);
      addEvent(this.state, '4 VALUE CHANGE');
    }
    if (node.notification === 2)
      this.later(this.config.timing.activeNotifyDelayMs, () => this.requestSession());
  }

  /**
   * The customer holds the reset button: a factory reset no ACS asked for (TR-069 Amendment 6, A.3.3.1:
   * 0 BOOTSTRAP follows a reset), the values the ACS set forgotten, then a reboot, as after FactoryReset.
   */
  pressResetButton(): void {
    const reboots = this.config.reboots ?? STANDARD_REBOOTS;
    factoryReset(this, reboots.factoryResetEvents === 'boot-only');
    this.reboot([]);
  }

  /** Starts a session now with these events (e.g. ['6 CONNECTION REQUEST']). */
  informNow(events: string[] = []): void {
    for (const e of events) addEvent(this.state, e);
    this.requestSession();
  }

  /** TR-069 Amendment 6, 3.2.2: a connection request that passed authentication. */
  connectionRequest(now = Date.now()): 'accepted' | 'busy' | 'offline' {
    if (this.faults.offline || this.stopped || this.down) return 'offline';
    if (this.rebooting || this.crPending || now - this.lastCrAt < this.config.timing.crMinIntervalMs) {
      this.sessionLog.add({ kind: 'connection-request', outcome: 'busy' });
      return 'busy';
    }
    this.lastCrAt = now;
    if (this.faults.crDrop !== 'none') {
      this.sessionLog.add({ kind: 'connection-request', outcome: 'dropped' });
      return 'accepted';
    }
    this.sessionLog.add({ kind: 'connection-request', outcome: 'accepted' });
    this.crPending = true;
    addEvent(this.state, '6 CONNECTION REQUEST');
    // A request during a session is acknowledged and a new session follows the current one.
    this.requestSession();
    return 'accepted';
  }

  /** Asks for a session: now, or right after the current one. A new event cuts a retry wait short. */
  requestSession(): void {
    if (this.stopped || this.rebooting || this.down || this.faults.offline) return;
    if (this.inSession) {
      this.queued = true;
      return;
    }
    if (this.retryTimer !== undefined) {
      clearTimeout(this.retryTimer);
      this.timers.delete(this.retryTimer);
      this.retryTimer = undefined;
    }
    this.inSession = true;
    this.current = this.runSession().catch((e: unknown) => {
      // A bug here must not kill the fleet; it shows in the log and the device carries on.
      this.inSession = false;
      this.sessionLog.add({ kind: 'session-end', ok: false, error: `internal: ${(e as Error).message}` });
    });
  }

  private async runSession(): Promise<void> {
    const release = await this.config.hooks.acquireSlot();
    if (this.stopped) {
      release();
      this.inSession = false;
      return;
    }
    this.queued = false;
    this.crPending = false;
    const state = this.state;
    const after: AfterSessionAction[] = [];
    let rpcs = 0;
    let ok = false;
    let error: string | undefined;
    const { timing, faults } = this.config;
    const quirks = this.config.quirks ?? NO_QUIRKS;
    const inform = buildInform(state, this.retryCount);
    this.sessionLog.add({
      kind: 'inform',
      events: inform.event.map((e) => ({ ...e })),
      retryCount: this.retryCount,
    });
    const outbox: TransferComplete[] = state.finished.map((t) => ({
      name: 'TransferComplete',
      commandKey: t.commandKey,
      faultStruct: t.fault,
      startTime: t.startTime,
      completeTime: t.completeTime,
    }));
    const username = msValue(state, 'Username');
    const conn = new AcsConnection({
      url: msValue(state, 'URL'),
      credentials: username === '' ? undefined : { username, password: msValue(state, 'Password') },
      timeoutMs: timing.httpTimeoutMs,
      maxBodyBytes: timing.maxAcsBodyBytes,
      emptyContentType: quirks.emptyContentType,
      md5FirstChallengeOnly: quirks.md5FirstChallengeOnly,
    });
    this.connection = conn;
    const applyEffect = (effect: SessionEffect) => {
      if (effect.kind === 'inform-delivered') informDelivered(state, effect.events);
      else if (effect.kind === 'rpc-served') {
        rpcs++;
        this.sessionLog.add({
          kind: 'rpc',
          name: effect.name,
          ...(effect.faultCode ? { faultCode: effect.faultCode } : {}),
          ...(effect.parameters ? { parameters: effect.parameters } : {}),
        });
      } else if (effect.request.name === 'TransferComplete') {
        const acknowledged = effect.kind === 'request-acknowledged';
        const fc = effect.request.faultStruct.faultCode;
        this.sessionLog.add({
          kind: 'transfer-complete',
          commandKey: effect.request.commandKey,
          faultCode: fc,
          acknowledged,
        });
        if (acknowledged) transferAcknowledged(state, effect.request.commandKey);
      }
    };
    const serve = (req: Parameters<typeof serveRpc>[1]) => {
      const failSpv =
        req.name === 'SetParameterValues' &&
        faults.spvFailureRate > 0 &&
        this.config.hooks.random() < faults.spvFailureRate;
      return serveRpc(state, req, {
        after,
        ...(failSpv ? { failSetParameterValues: faults.spvFaultCode } : {}),
        ...(faults.partialPathFault ? { refusePartialPaths: faults.partialPathFault } : {}),
        ...(faults.downloadFault ? { refuseDownloads: faults.downloadFault } : {}),
        ...(faults.unreadableNames.length ? { unreadable: new Set(faults.unreadableNames) } : {}),
      });
    };
    try {
      let step = startSession(inform, outbox, 'urn:dslforum-org:cwmp-1-2');
      while (step.post !== undefined && !this.stopped) {
        if (faults.slowMs > 0) await this.sleep(faults.slowMs);
        const res = await conn.post(
          writesUndeclared(quirks, step.post) ? undeclarePrefixes(step.post) : step.post,
        );
        step = stepSession(
          step.state,
          { status: res.status, body: res.body.toString('utf8') },
          serve,
          this.config.sessionLimits ?? DEFAULT_SESSION_LIMITS,
        );
        step.effects.forEach(applyEffect);
      }
      ok = step.state.phase === 'done';
      if (!ok) error = step.state.error ?? 'the simulator stopped during the session';
    } catch (e) {
      error = (e as Error).message;
    } finally {
      conn.close();
      this.connection = undefined;
      release();
    }
    this.sessionLog.add({ kind: 'session-end', ok, ...(error !== undefined ? { error } : {}) });
    if (ok) {
      this.sessionsOk++;
      this.retryCount = 0;
    } else {
      this.sessionsFailed++;
      this.retryCount++;
    }
    this.inSession = false;
    this.config.hooks.changed(this);
    this.config.hooks.sessionEnded(this, ok, rpcs);
    if (this.stopped) return;
    if (this.periodicInterval() !== this.armedInterval) this.armPeriodic();
    const rebooting = runAfterSession(this, after);
    if (rebooting) return;
    if (!ok) this.scheduleRetry();
    else if (this.queued) this.requestSession();
  }

  private scheduleRetry(): void {
    const seconds = retryWaitSeconds(
      this.retryCount,
      Number(msValue(this.state, 'CWMPRetryMinimumWaitInterval') || 5),
      Number(msValue(this.state, 'CWMPRetryIntervalMultiplier') || 2000),
      () => this.config.hooks.random(),
    );
    this.queued = false;
    this.retryTimer = this.later(seconds * 1000 * this.config.timing.retryScale, () => {
      this.retryTimer = undefined;
      this.requestSession();
    });
  }

  periodicInterval(): number {
    const n = Number(msValue(this.state, 'PeriodicInformInterval'));
    return Number.isFinite(n) && n >= 1 ? n : 0;
  }

  /** (Re)starts the periodic inform timer from ManagementServer.PeriodicInformEnable/Interval. */
  armPeriodic(): void {
    if (this.periodicTimer !== undefined) {
      clearTimeout(this.periodicTimer);
      this.timers.delete(this.periodicTimer);
      this.periodicTimer = undefined;
    }
    const interval = this.periodicInterval();
    this.armedInterval = interval;
    if (interval === 0 || this.stopped) return;
    this.periodicTimer = this.later(interval * 1000 * this.config.timing.timeScale, () => {
      this.periodicTimer = undefined;
      if (
        msValue(this.state, 'PeriodicInformEnable') !== 'false' &&
        msValue(this.state, 'PeriodicInformEnable') !== '0'
      ) {
        addEvent(this.state, '2 PERIODIC');
        this.requestSession();
      }
      this.armPeriodic();
    });
  }

  /**
   * Goes down for rebootMs, then boots with `events` (e.g. M Reboot); a device that does not come
   * back from reboots (RebootBehaviour.comesBack) stays down: no Inform, no connection request.
   */
  reboot(events: { eventCode: string; commandKey: string }[]): void {
    this.rebooting = true;
    if (this.periodicTimer !== undefined) clearTimeout(this.periodicTimer);
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    this.periodicTimer = undefined;
    this.retryTimer = undefined;
    if (this.config.reboots?.comesBack === false) {
      this.down = true;
      return;
    }
    this.later(this.config.timing.rebootMs * this.config.timing.timeScale, () => this.boot(events));
  }

  /** Runs `fn` after `ms` unless the device stops first. */
  later(ms: number, fn: () => void): NodeJS.Timeout {
    const t = setTimeout(() => {
      this.timers.delete(t);
      if (!this.stopped) fn();
    }, ms);
    this.timers.add(t);
    return t;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(t);
        this.sleepers.delete(wake);
        resolve();
      };
      const t = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
  }

  /** Stops timers and waits for a running session to end (it is cut short at its next POST). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const wake of [...this.sleepers]) wake();
    this.connection?.close();
    await this.current;
  }
}
