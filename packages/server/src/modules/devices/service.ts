// The device inventory: what each Inform teaches us, registration, edits, and the device's status.
// This service is the only writer of the status column: it keeps the device's presence (an Inform
// makes it present; silence past twice its interval plus a grace, absent) and the facts the jobs
// module tells it (recordJobFacts, markJobsWaiting), and status.ts decides the status from both.
import { checkNoNul, searchTerm } from './search-term';

/** A match as the database reads it: the search trimmed, no field holding a NUL (it names the field). */
function cleanMatch(q: DeviceMatch): DeviceMatch {
  for (const f of ['oui', 'productClass', 'softwareVersion', 'profileId'] as const)
    checkNoNul(`filter.${f}`, q[f]);
  return { ...q, search: searchTerm(q.search, 'filter.search') };
}
import { hash } from 'node:crypto';
import type { Device, DeviceEdit, RegisterDeviceInput } from '../../contract';
import type { DeviceRow, DeviceStatus, DeviceUpdate } from '../../db/tables/devices';
import { AppError } from '../../errors';
import type { EventBus } from '../live/index';
import { createDeadlines } from './deadlines';
import type { DeviceForJob, InformStore, InformTouch } from './inform-store';
import {
  dataModelRoot,
  findBySuffix,
  mergeParameters,
  parseParameters,
  storedValue,
  type ParameterMap,
} from './parameters';
import type {
  DeviceIdentity,
  DeviceListQuery,
  DeviceMatch,
  DevicesRepository,
  JobFactsRow,
  WatchedDevice,
} from './repository';
import { NO_JOBS, deviceStatus, presenceOf, type JobFacts } from './status';

export type { JobFacts } from './status';

/** recordJobFacts's statement as another write carries it (DevicesService.jobFactsWith). */
export interface CarriedFacts {
  statement(condition: string): { text: string; params: unknown[] };
  took(row: JobFactsRow | undefined): void;
}

/** A device as a job's step read it (DevicesService.forJob). */
export interface JobDevice {
  softwareVersion: string;
  /** Its parameter tree (a job's writes are merged into it). */
  tree: ParameterMap;
  row: DeviceForJob;
}

export interface InformReport {
  identity: DeviceIdentity;
  manufacturer: string;
  events: string[];
  parameters: { name: string; value: string; type: string }[];
  /** The address the Inform came from. */
  remoteAddress: string;
  /**
   * Whose credentials the Inform came with, for writing its update with its state read (InformTouch):
   * the device they belong to, or null for the global ones or none. Absent: the update waits for
   * `admit` (recordInform), as every Inform's did before.
   */
  principalDevice?: string | null;
}

export interface RecordedInform {
  device: InformedDevice;
  created: boolean;
}

/** What decides whether an Inform may speak for its device: the device as stored, if it exists. */
export type InformAdmission = (existing: { id: string; cwmpUsername: string } | null) => boolean;

/** The device an Inform came from, as its session needs it. */
export interface InformedDevice {
  id: string;
  serialNumber: string;
  status: DeviceStatus;
  /** Whether pending or running jobs wait for the device (its session then asks for them). */
  jobsWaiting: boolean;
  /** Whether it holds connection-request credentials of ours (none when new or after 0 BOOTSTRAP). */
  connectionRequestCredentials: boolean;
  /** The root of its data model as the Inform named it ('InternetGatewayDevice', 'Device'; '' when it named none). */
  root: string;
}

/**
 * Whether a reported PeriodicInformInterval is one (seconds, at least 1) that the device row can hold
 * (an integer column: PostgreSQL's is 32 bits).
 */
function isInterval(seconds: number): boolean {
  return Number.isInteger(seconds) && seconds > 0 && seconds <= 2_147_483_647;
}

/**
 * How many times an Inform reads its device's tree and merges into it when other writes of the tree
 * keep coming between its read and its write; the last time it writes whatever came.
 */
const INFORM_ATTEMPTS = 4;

/** An Inform's events as last_events stores them (JSON); a lone event's text is made once. */
const loneEventTexts = new Map<string, string>();
function eventsText(events: readonly string[]): string {
  if (events.length !== 1) return JSON.stringify(events);
  const event = events[0]!;
  let text = loneEventTexts.get(event);
  if (text === undefined) {
    text = JSON.stringify(events);
    // Vendors' own events ("M X_...") are few, but a router may send any text: keep at most 64, each
    // no longer than an EventCode may be (64 characters, TR-069's string(64)).
    if (loneEventTexts.size < 64 && event.length <= 64) loneEventTexts.set(event, text);
  }
  return text;
}

/** A fingerprint of an Inform's parameter list (names, types, values, in order). */
function digestOf(params: readonly { name: string; value: string; type: string }[]): string {
  // One string, one call into native code (a Hash object and its update() would be three).
  let text = '';
  for (const p of params) text += `${p.name}\u0000${p.type}\u0000${p.value}\u0001`;
  return hash('sha1', text, 'base64');
}

export type RegisterInput = RegisterDeviceInput;
export type { DeviceEdit };

/** The columns an edit sets (those it leaves out stay as they are). */
function editPatch(edit: DeviceEdit): DeviceUpdate {
  return {
    ...(edit.connectionRequestUrl !== undefined ? { connection_request_url: edit.connectionRequestUrl } : {}),
    ...(edit.connectionRequestUsername !== undefined
      ? { connection_request_username: edit.connectionRequestUsername }
      : {}),
    ...(edit.connectionRequestPassword !== undefined
      ? { connection_request_password: edit.connectionRequestPassword }
      : {}),
    ...(edit.cwmpUsername !== undefined ? { cwmp_username: edit.cwmpUsername } : {}),
    ...(edit.cwmpPassword !== undefined ? { cwmp_password: edit.cwmpPassword } : {}),
    ...(edit.assignedProfileId !== undefined ? { assigned_profile_id: edit.assignedProfileId } : {}),
  };
}

/** A device as the API answers it: every field named, passwords only as whether one is set. */
export function toApiDevice(row: DeviceRow): Device {
  return {
    id: row.id,
    serialNumber: row.serial_number,
    oui: row.oui,
    productClass: row.product_class,
    manufacturer: row.manufacturer,
    vendor: row.manufacturer,
    model: row.product_class,
    softwareVersion: row.software_version,
    hardwareVersion: row.hardware_version,
    status: row.status,
    lastInformAt: row.last_inform_at,
    lastEvents: JSON.parse(row.last_events) as string[],
    externalIp: row.external_ip,
    connectionRequestUrl: row.connection_request_url,
    connectionRequestUsername: row.connection_request_username,
    connectionRequestPasswordSet: row.connection_request_password !== '',
    cwmpUsername: row.cwmp_username,
    cwmpPasswordSet: row.cwmp_password !== '',
    periodicInformInterval: row.periodic_inform_interval,
    assignedProfileId: row.assigned_profile_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface DevicesServiceOptions {
  /** Interval assumed for devices that never reported PeriodicInformInterval. */
  defaultInformInterval: number;
  /** Seconds added to twice the interval before a silent device is offline. */
  offlineGraceSeconds: number;
}

export function createDevicesService(
  repo: DevicesRepository,
  store: InformStore,
  bus: EventBus,
  options: DevicesServiceOptions,
) {
  const countsMayHaveChanged = () => bus.signal('device_counts_changed', {});

  /** When the offline sweep looks at devices again (see deadlines.ts). */
  const deadlines = createDeadlines();

  /** When a device that informed at `lastInformAt` turns offline: twice its interval plus the grace. */
  function dueAt(lastInformAt: string, interval: number): number {
    const seconds =
      2 * (interval > 0 ? interval : options.defaultInformInterval) + options.offlineGraceSeconds;
    return Date.parse(lastInformAt) + seconds * 1000;
  }

  function watch(
    device: Pick<DeviceRow, 'id' | 'status' | 'last_inform_at' | 'periodic_inform_interval'>,
  ): void {
    if (presenceOf(device.status) === 'absent' || device.last_inform_at === null) deadlines.delete(device.id);
    else deadlines.set(device.id, dueAt(device.last_inform_at, device.periodic_inform_interval));
  }

  function publishStatus(
    row: Pick<DeviceRow, 'id' | 'serial_number' | 'product_class' | 'oui'>,
    status: DeviceStatus,
  ): void {
    bus.publish('device_status_update', {
      serialNumber: row.serial_number,
      status,
      deviceId: row.id,
      productClass: row.product_class,
      oui: row.oui,
    });
  }

  /**
   * Merges a job's entries into `tree` (in place): an entry without a value (a name, its
   * writability) never blanks a value, and only adds to a parameter the tree has. Answers the device
   * columns that follow the tree: its software version, and a new periodic interval it wrote.
   */
  function mergeJobEntries(
    tree: ParameterMap,
    entries: readonly { name: string; value?: string; type?: string; writable?: boolean }[],
  ): { software_version?: string; periodic_inform_interval?: number } {
    for (const e of entries) {
      const old = tree[e.name];
      if (e.value === undefined && !old) continue;
      const writable = e.writable ?? old?.writable;
      tree[e.name] = {
        value: storedValue(e.name, e.value ?? old?.value ?? ''),
        type: e.type ?? old?.type ?? 'string',
        ...(writable !== undefined ? { writable } : {}),
      };
    }
    const software = Object.keys(tree).find((k) => k.endsWith('.DeviceInfo.SoftwareVersion'));
    const intervalKey = entries.find((e) =>
      e.name.endsWith('.ManagementServer.PeriodicInformInterval'),
    )?.name;
    const interval = intervalKey && tree[intervalKey] ? Number(tree[intervalKey].value) : NaN;
    return {
      ...(software ? { software_version: tree[software]!.value.slice(0, 64) } : {}),
      // The summary column follows what a job read or wrote (the offline sweep uses it).
      ...(isInterval(interval) ? { periodic_inform_interval: interval } : {}),
    };
  }

  /** After job facts were written: their status change, if any, is announced. */
  function factsWritten(written: ReturnType<DevicesRepository['jobFactsWritten']>): void {
    // Job facts never change presence, so the offline deadline stays as it is.
    if (written?.statusChanged) {
      publishStatus(written, written.status);
      countsMayHaveChanged();
    }
  }

  /** For the activity log (a named closure in recordInform would cost a defineProperty under tsx). */
  function deviceEvent(
    device: { id: string; serial_number: string },
    event: 'bootstrapped' | 'booted' | 'back-online',
  ): void {
    bus.signal('device_event', { deviceId: device.id, serialNumber: device.serial_number, event });
  }

  /** Serial numbers with Informs going the whole way now (read, then update), and how many. */
  const wholeWay = new Map<string, number>();
  function enterWholeWay(serial: string): void {
    wholeWay.set(serial, (wholeWay.get(serial) ?? 0) + 1);
  }
  function leaveWholeWay(serial: string): void {
    const n = wholeWay.get(serial) ?? 0;
    if (n > 1) wholeWay.set(serial, n - 1);
    else wholeWay.delete(serial);
  }

  /**
   * Records an Inform: creates or updates the device (cwmp-reference §5). The parameter tree is
   * read and written only when the Inform's parameters differ from the previous Inform's (or
   * something else wrote the tree since), written with the device's update and, for an Inform that
   * says more than 2 PERIODIC, read with its state: a routine periodic Inform with its credentials
   * told (`principalDevice`, as the session engine tells them) costs one statement, its update
   * written by its state read where the row allows it (InformTouch: parameters, status and
   * credentials as the whole way would find them); otherwise two (three on SQLite when the touch was
   * tried and the row did not allow it: the touch, the read, the update), and so does a VALUE CHANGE on
   * PostgreSQL (three on SQLite, whose update cannot write two tables in one statement). A write of
   * the tree that lands between the Inform's read and its write (a job's step, another session's
   * Inform) is not written over: the Inform reads the tree again and merges into that
   * (InformUpdate.read).
   * `admit` sees the device first (null when it is new): when it refuses, nothing is written and
   * the answer is null.
   */
  function recordInform(report: InformReport): Promise<RecordedInform>;
  function recordInform(report: InformReport, admit: InformAdmission): Promise<RecordedInform | null>;
  function recordInform(
    report: InformReport,
    admit: InformAdmission = () => true,
  ): Promise<RecordedInform | null> {
    const serial = report.identity.serialNumber;
    // A periodic Inform (every event 2 PERIODIC) whose credentials are told may be written by its state
    // read (InformTouch); not while another Inform of the device goes the whole way, whose update,
    // still to be written, would land after this one's (a session replaced at once).
    const mayTouch =
      report.principalDevice !== undefined &&
      !wholeWay.has(serial) &&
      report.events.every((e) => e === '2 PERIODIC');
    if (mayTouch) return recordOnce(report, admit, true);
    enterWholeWay(serial);
    return recordOnce(report, admit, false).finally(() => leaveWholeWay(serial));
  }

  async function recordOnce(
    report: InformReport,
    admit: InformAdmission,
    mayTouch: boolean,
  ): Promise<RecordedInform | null> {
    const now = new Date().toISOString();
    const bootstrap = report.events.includes('0 BOOTSTRAP');
    const params = report.parameters;
    const reportedUrl = (findBySuffix(params, '.ManagementServer.ConnectionRequestURL') ?? '').slice(0, 512);
    const interval = Number(findBySuffix(params, '.ManagementServer.PeriodicInformInterval'));
    const digest = digestOf(params);
    const root = dataModelRoot(params[0]?.name ?? '');
    const summary = {
      manufacturer: report.manufacturer.slice(0, 64),
      software_version: (findBySuffix(params, '.DeviceInfo.SoftwareVersion') ?? '').slice(0, 64),
      hardware_version: (findBySuffix(params, '.DeviceInfo.HardwareVersion') ?? '').slice(0, 64),
      external_ip: (
        params.find((p) => p.name.endsWith('.ExternalIPAddress') && p.value)?.value ?? report.remoteAddress
      ).slice(0, 64),
      remote_address: report.remoteAddress.slice(0, 64),
      last_events: eventsText(report.events),
      last_inform_at: now,
    };
    // With the digest, the read brings the tree too when the Inform will merge into it. Given for an
    // Inform that says more than 2 PERIODIC (4 VALUE CHANGE, a connection request after a job...):
    // most periodic Informs change nothing, and their read stays the plainer one; one that does
    // (the first after a job wrote the tree) reads the tree below.
    const prefetch = !bootstrap && report.events.some((e) => e !== '2 PERIODIC');
    // A periodic Inform whose parameters are as stored changes nothing but the summary: its update is
    // written by its state read, where the row allows it (InformTouch), and it is done in one statement.
    const reportedInterval = isInterval(interval);
    const touch: InformTouch | undefined = !mayTouch
      ? undefined
      : {
          digest,
          principalDevice: report.principalDevice ?? null,
          ...summary,
          connection_request_url: reportedUrl || null,
          periodic_inform_interval: reportedInterval ? interval : null,
        };
    let existing = await store.state(report.identity, prefetch ? digest : undefined, touch);
    if (!admit(existing ? { id: existing.id, cwmpUsername: existing.cwmp_username } : null)) {
      // The touch's condition is the admission's rule (cpe-auth.ts), so a refused Inform wrote nothing.
      if (existing?.touched)
        throw new Error(`cwmp: an Inform of ${report.identity.serialNumber} was written, then refused`);
      return null;
    }
    if (!existing) {
      const map: ParameterMap = {};
      mergeParameters(map, params);
      const { row, created } = await repo.insert({
        oui: report.identity.oui,
        product_class: report.identity.productClass,
        serial_number: report.identity.serialNumber,
        ...summary,
        connection_request_url: reportedUrl,
        status: deviceStatus('present', NO_JOBS),
        periodic_inform_interval: reportedInterval ? interval : 0,
        inform_digest: digest,
        created_at: now,
        updated_at: now,
      });
      // Another session created it first: record this Inform as an update (if it may).
      if (!created) return recordInform(report, admit);
      watch(row);
      await store.writeFirstParameters(row.id, JSON.stringify(map));
      publishStatus(row, row.status);
      countsMayHaveChanged();
      bus.signal('device_event', { deviceId: row.id, serialNumber: row.serial_number, event: 'first-seen' });
      const device = {
        id: row.id,
        serialNumber: row.serial_number,
        status: row.status,
        jobsWaiting: false,
        connectionRequestCredentials: false,
        root,
      };
      return { device, created };
    }
    // Touched: the row kept its status (the touch's condition), and has the Inform's update.
    let status: DeviceStatus = existing.status;
    // A touch the row did not allow: this Inform goes the whole way from here.
    const missed = touch !== undefined && !existing.touched;
    if (missed) enterWholeWay(report.identity.serialNumber);
    try {
      for (let attempt = 1; !existing.touched; attempt++) {
        // 0 BOOTSTRAP: the device is new or reset; what we learnt from it before no longer holds. The
        // tree came with the state (read here only when that read could not bring it), and goes with
        // the update.
        let tree: string | undefined;
        if (bootstrap || existing.inform_digest !== digest) {
          const map = bootstrap
            ? {}
            : parseParameters(existing.parameters ?? (await store.readParameters(existing.id)));
          if (mergeParameters(map, params) || bootstrap) tree = JSON.stringify(map);
        }
        // The Inform makes the device present; its jobs are as the jobs module last told.
        status = deviceStatus('present', existing.jobs);
        const written = await store.update(existing.id, {
          ...summary,
          inform_digest: digest,
          // A connection request URL the device did not report keeps the registered one.
          ...(reportedUrl ? { connection_request_url: reportedUrl } : {}),
          ...(status !== existing.status ? { status } : {}),
          ...(reportedInterval ? { periodic_inform_interval: interval } : {}),
          ...(bootstrap ? { resetConnectionRequestCredentials: true } : {}),
          // Written only if no other write of the tree came since it was read; 0 BOOTSTRAP's and the last
          // attempt's whatever came.
          ...(tree !== undefined
            ? {
                parameters: tree,
                ...(!bootstrap && attempt < INFORM_ATTEMPTS
                  ? { read: { digest: existing.inform_digest, lastInformAt: existing.last_inform_at } }
                  : {}),
              }
            : {}),
        });
        if (written) break;
        // A job's step (or another session's Inform) wrote the tree after it was read here: this Inform
        // merges into the tree as that write left it.
        const again = await store.state(report.identity, digest);
        if (!again) break;
        existing = again;
      }
    } finally {
      if (missed) leaveWholeWay(report.identity.serialNumber);
    }
    watch({
      id: existing.id,
      status,
      last_inform_at: now,
      periodic_inform_interval: reportedInterval ? interval : existing.periodic_inform_interval,
    });
    if (status !== existing.status) {
      publishStatus(
        {
          id: existing.id,
          serial_number: existing.serial_number,
          product_class: report.identity.productClass,
          oui: report.identity.oui,
        },
        status,
      );
      countsMayHaveChanged();
    }
    // For the activity log: signals only, no statement.
    if (existing.status === 'offline' && status !== 'offline') deviceEvent(existing, 'back-online');
    if (bootstrap) deviceEvent(existing, 'bootstrapped');
    else if (report.events.includes('1 BOOT')) deviceEvent(existing, 'booted');
    return {
      device: {
        id: existing.id,
        serialNumber: existing.serial_number,
        status,
        jobsWaiting: existing.jobs.waiting,
        // 0 BOOTSTRAP reset them with this update.
        connectionRequestCredentials: !bootstrap && existing.connection_request_username !== '',
        root,
      },
      created: false,
    };
  }

  return {
    list: (q: DeviceListQuery) => repo.list(q),
    /** Every device GET /api/devices lists for this search and status (all pages). */
    matching: (q: DeviceMatch) => repo.matching(cleanMatch(q)),
    /** The same devices a chunk at a time, after the last one read (repository.ts matchingAfter). */
    matchingAfter: (q: DeviceMatch, after: { serialNumber: string; id: string } | null, limit: number) =>
      repo.matchingAfter(cleanMatch(q), after, limit),
    /** How many devices a group's filter matches now, and their versions (most common first). */
    versionsMatching: (q: DeviceMatch, max = 20) => repo.versionsMatching(cleanMatch(q), max),
    /** How many devices GET /api/devices counts for this search and status. */
    countMatching: async (q: Pick<DeviceListQuery, 'search' | 'status'>) =>
      (
        await repo.list({
          status: q.status,
          search: searchTerm(q.search, 'filter.search'),
          limit: 1,
          offset: 0,
        })
      ).total,
    findById: (id: string) => repo.findById(id),
    findByIds: (ids: readonly string[]) => repo.findByIds(ids),
    findBySerialNumber: (serialNumber: string, limit: number) => repo.findBySerialNumber(serialNumber, limit),
    findByCwmpUsername: (username: string) => repo.findByCwmpUsername(username),
    countByStatus: () => repo.countByStatus(),

    async get(id: string): Promise<DeviceRow> {
      const row = await repo.findById(id);
      if (!row)
        throw new AppError(
          404,
          'Device not found',
          `No device has the id "${id}"; it may have been deleted.`,
        );
      return row;
    },

    recordInform,

    /**
     * The jobs module tells what it knows of the device's jobs (facts it leaves out stay as they
     * were); the status follows from them (status.ts). Writes only what changed.
     */
    async recordJobFacts(id: string, told: Partial<JobFacts>): Promise<void> {
      // One statement: the facts and the status they imply, written only when they differ.
      factsWritten(await repo.recordJobFacts(id, told, new Date().toISOString()));
    },

    /**
     * recordJobFacts as a statement that a job's write carries in its own, on PostgreSQL (one round
     * trip, not two: jobs/service.ts): `statement(condition)` is its text and parameters, run only
     * where the write's `condition` holds; `took(row)` takes what it answered, as recordJobFacts does.
     */
    jobFactsWith(id: string, told: Partial<JobFacts>): CarriedFacts {
      const now = new Date().toISOString();
      return {
        statement: (condition) => repo.jobFactsCarried(id, told, now, condition),
        took: (row) => factsWritten(repo.jobFactsWritten(row)),
      };
    },

    /**
     * The jobs module tells that jobs now wait for these devices (one statement per 500). Waiting
     * alone never changes a status (status.ts), so none is recomputed.
     */
    markJobsWaiting: (ids: readonly string[]) => repo.markJobsWaiting(ids),

    /** The device's parameter tree (empty when nothing was learnt yet). */
    async parametersOf(id: string): Promise<ParameterMap> {
      return parseParameters(await store.readParameters(id));
    },

    /** Parameter trees of many devices, by id. */
    async parametersOfMany(ids: readonly string[]): Promise<Map<string, ParameterMap>> {
      const trees = await store.readParametersOfMany(ids);
      return new Map(ids.map((id) => [id, parseParameters(trees.get(id) ?? '{}')]));
    },

    /**
     * What a job's view needs of its device (jobs/engine.ts), in one statement: its software
     * version and its tree; undefined when the device is gone. storeParameters takes it back.
     */
    async forJob(id: string): Promise<JobDevice | undefined> {
      const row = await store.readForJob(id);
      return row && { softwareVersion: row.software_version, tree: parseParameters(row.parameters), row };
    },

    /**
     * Records what a job learnt or wrote: values, types and writability of parameters, and the device
     * fields it sets (`fields`: the connection-request credentials a device took), with one write of
     * the tree and the device row. An entry without a value (a name, its writability) never blanks a
     * value: it only adds to a parameter the tree has; a parameter it does not have waits for its
     * value. `read` is the device as the job's view read it in this step (it is not read again).
     */
    async storeParameters(
      id: string,
      entries: readonly { name: string; value?: string; type?: string; writable?: boolean }[],
      fields: { connectionRequestUsername?: string; connectionRequestPassword?: string } = {},
      read?: JobDevice,
    ): Promise<void> {
      const credentials = {
        ...(fields.connectionRequestUsername !== undefined
          ? { connection_request_username: fields.connectionRequestUsername }
          : {}),
        ...(fields.connectionRequestPassword !== undefined
          ? { connection_request_password: fields.connectionRequestPassword }
          : {}),
      };
      const updatedAt = new Date().toISOString();
      if (entries.length === 0) {
        if (Object.keys(credentials).length > 0)
          await repo.update(id, { ...credentials, updated_at: updatedAt });
        return;
      }
      const device = read ?? (await this.forJob(id));
      if (!device) return;
      let merged = mergeJobEntries(device.tree, entries);
      const write = (informedAt?: { lastInformAt: string | null }) =>
        store.writeJobStep(
          id,
          JSON.stringify(device.tree),
          { ...credentials, ...merged, updated_at: updatedAt },
          informedAt,
        );
      // The tree as read (`read`, maybe some time ago: jobs/engine.ts keeps it across an RPC) is
      // written only if no Inform came since; else it is read again and the entries merged into it.
      if (!(await write(read && { lastInformAt: device.row.last_inform_at }))) {
        const fresh = await this.forJob(id);
        if (!fresh) return;
        Object.assign(device, fresh);
        merged = mergeJobEntries(device.tree, entries);
        await write();
      }
      // The device as a later step of the job sees it (jobs/engine.ts keeps it across an RPC).
      if (merged.software_version !== undefined) device.softwareVersion = merged.software_version;
      const interval = merged.periodic_inform_interval;
      const newInterval = interval !== undefined;
      if (newInterval) {
        watch({ ...device.row, periodic_inform_interval: interval });
        bus.signal('device_interval_changed', { deviceId: id });
      }
    },

    /** Pre-registers a device that has not informed yet: known, offline, reachable by connection request. */
    async register(input: RegisterInput): Promise<DeviceRow> {
      const now = new Date().toISOString();
      const { row, created } = await repo.insert({
        oui: input.oui.toUpperCase(),
        product_class: input.productClass,
        serial_number: input.serialNumber,
        // Known but never seen: absent until its first Inform.
        status: deviceStatus('absent', NO_JOBS),
        last_inform_at: null,
        connection_request_url: input.connectionRequestUrl,
        connection_request_username: input.connectionRequestUsername ?? '',
        connection_request_password: input.connectionRequestPassword ?? '',
        created_at: now,
        updated_at: now,
      });
      if (!created) {
        throw new AppError(
          409,
          'Device already registered',
          `A device with OUI ${row.oui}, product class ${row.product_class} and serial number ${row.serial_number} already exists.`,
        );
      }
      publishStatus(row, row.status);
      countsMayHaveChanged();
      return row;
    },

    async update(id: string, edit: DeviceEdit): Promise<DeviceRow> {
      const row = await this.get(id);
      await repo.update(id, { ...editPatch(edit), updated_at: new Date().toISOString() });
      return (await repo.findById(row.id))!;
    },

    /** Assigns a profile to many devices at once (one statement per 500 devices). */
    assignProfile: (ids: readonly string[], profileId: string | null) =>
      repo.assignProfile(ids, profileId, new Date().toISOString()),

    /** Which of these serial numbers belong to a device with a profile assigned (serial -> profile id). */
    assignedProfilesBySerial: (serials: readonly string[]) => repo.assignedProfilesBySerial(serials),

    async remove(id: string): Promise<void> {
      if (!(await repo.remove(id))) {
        throw new AppError(
          404,
          'Device not found',
          `No device has the id "${id}"; it may have been deleted already.`,
        );
      }
      deadlines.delete(id);
      countsMayHaveChanged();
    },

    /**
     * Watches every device that is not offline, as the database has it (at start: the deadlines of
     * devices that informed before this process ran, or to another process). Answers how many.
     */
    async watchAll(): Promise<number> {
      let after = '';
      for (;;) {
        const page = await repo.watched({ after, limit: 5000 });
        for (const d of page) watch(d);
        if (page.length < 5000) return deadlines.size;
        after = page.at(-1)!.id;
      }
    },

    /** Watches these devices as the database has them (they informed to another process). */
    async watchIds(ids: readonly string[]): Promise<void> {
      for (let i = 0; i < ids.length; i += 500)
        for (const d of await repo.watched({ ids: ids.slice(i, i + 500) })) watch(d);
    },

    /**
     * Turns devices that missed their schedule offline; answers how many changed. Only the devices
     * whose deadline has passed are read, and each is checked against its row: one that informed
     * since (to another process) or changed its interval is watched again instead.
     */
    async sweepOffline(now = Date.now()): Promise<number> {
      const due = deadlines.takeDue(now);
      const at = new Date(now).toISOString();
      let changed = 0;
      try {
        for (let i = 0; i < due.length; i += 500) {
          for (const d of await repo.watched({ ids: due.slice(i, i + 500) })) changed += await settle(d);
        }
      } catch (err) {
        // Looked at again at the next sweep; a device already settled is only read once more.
        for (const id of due) deadlines.set(id, now);
        throw err;
      } finally {
        if (changed > 0) countsMayHaveChanged();
      }
      return changed;

      async function settle(d: WatchedDevice): Promise<number> {
        const deadline = dueAt(d.last_inform_at, d.periodic_inform_interval);
        if (deadline > now) {
          deadlines.set(d.id, deadline);
          return 0;
        }
        // Absent: offline whatever its jobs (status.ts), so markOffline needs no job facts.
        if (await repo.markOffline(d.id, d.last_inform_at, at)) {
          publishStatus(d, deviceStatus('absent', NO_JOBS));
          bus.signal('device_event', { deviceId: d.id, serialNumber: d.serial_number, event: 'offline' });
          return 1;
        }
        // It informed while the sweep looked: its new deadline is at most this far.
        deadlines.set(d.id, dueAt(at, d.periodic_inform_interval));
        return 0;
      }
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
