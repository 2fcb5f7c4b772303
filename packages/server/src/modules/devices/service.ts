// The device inventory: what each Inform teaches us, registration, edits, and the status rules
// (online while the device keeps its schedule; offline after twice its interval plus a grace).
import type { DeviceRow, DeviceStatus } from '../../db/tables/devices';
import { AppError } from '../../errors';
import type { EventBus } from '../live/event-bus';
import { findBySuffix, mergeParameters, parseParameters } from './parameters';
import type { DeviceIdentity, DeviceListQuery, DevicesRepository } from './repository';

export interface InformReport {
  identity: DeviceIdentity;
  manufacturer: string;
  events: string[];
  parameters: { name: string; value: string; type: string }[];
  remoteAddress: string;
}

export interface RegisterInput {
  serialNumber: string;
  oui: string;
  productClass: string;
  connectionRequestUrl: string;
  connectionRequestUsername?: string;
  connectionRequestPassword?: string;
}

export interface DeviceEdit {
  connectionRequestUrl?: string;
  connectionRequestUsername?: string;
  connectionRequestPassword?: string;
  cwmpUsername?: string;
  cwmpPassword?: string;
  assignedProfileId?: string | null;
}

export function toApiDevice(row: DeviceRow) {
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
    connectionRequestPassword: row.connection_request_password,
    cwmpUsername: row.cwmp_username,
    periodicInformInterval: row.periodic_inform_interval,
    assignedProfileId: row.assigned_profile_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export type ApiDevice = ReturnType<typeof toApiDevice>;

export interface DevicesServiceOptions {
  /** Interval assumed for devices that never reported PeriodicInformInterval. */
  defaultInformInterval: number;
  /** Seconds added to twice the interval before a silent device is offline. */
  offlineGraceSeconds: number;
}

export function createDevicesService(repo: DevicesRepository, bus: EventBus, options: DevicesServiceOptions) {
  const changeListeners = new Set<() => void>();
  const countsMayHaveChanged = () => {
    for (const l of changeListeners) l();
  };

  function publishStatus(row: DeviceRow, status: DeviceStatus): void {
    bus.publish('device_status_update', {
      serialNumber: row.serial_number,
      status,
      deviceId: row.id,
      productClass: row.product_class,
      oui: row.oui,
    });
  }

  async function setStatus(row: DeviceRow, status: DeviceStatus): Promise<void> {
    if (row.status === status) return;
    await repo.update(row.id, { status, updated_at: new Date().toISOString() });
    publishStatus(row, status);
    countsMayHaveChanged();
  }

  return {
    list: (q: DeviceListQuery) => repo.list(q),
    findById: (id: string) => repo.findById(id),
    findByIds: (ids: readonly string[]) => repo.findByIds(ids),
    findByCwmpUsername: (username: string) => repo.findByCwmpUsername(username),
    setStatus,
    countByStatus: () => repo.countByStatus(),
    onCountsChanged(listener: () => void): () => void {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },

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

    /** Records an Inform: creates or updates the device (cwmp-reference §5). */
    async recordInform(report: InformReport): Promise<{ device: DeviceRow; created: boolean }> {
      const now = new Date().toISOString();
      const bootstrap = report.events.includes('0 BOOTSTRAP');
      const params = report.parameters;
      const summary = {
        manufacturer: report.manufacturer.slice(0, 64),
        software_version: (findBySuffix(params, '.DeviceInfo.SoftwareVersion') ?? '').slice(0, 64),
        hardware_version: (findBySuffix(params, '.DeviceInfo.HardwareVersion') ?? '').slice(0, 64),
        connection_request_url: (findBySuffix(params, '.ManagementServer.ConnectionRequestURL') ?? '').slice(
          0,
          512,
        ),
        external_ip: (
          params.find((p) => p.name.endsWith('.ExternalIPAddress') && p.value)?.value ?? report.remoteAddress
        ).slice(0, 64),
        last_events: JSON.stringify(report.events),
        last_inform_at: now,
        updated_at: now,
      };
      const interval = Number(findBySuffix(params, '.ManagementServer.PeriodicInformInterval'));
      const existing = await repo.findByIdentity(report.identity);
      if (!existing) {
        const map = {};
        mergeParameters(map, params);
        const { row, created } = await repo.insert({
          oui: report.identity.oui,
          product_class: report.identity.productClass,
          serial_number: report.identity.serialNumber,
          ...summary,
          status: 'online',
          periodic_inform_interval: Number.isInteger(interval) && interval > 0 ? interval : 0,
          parameters: JSON.stringify(map),
          created_at: now,
        });
        if (created) {
          publishStatus(row, 'online');
          countsMayHaveChanged();
          return { device: row, created };
        }
        return this.recordInform(report);
      }
      // 0 BOOTSTRAP: the device is new or reset; what we learnt from it before no longer holds.
      const map = bootstrap ? {} : parseParameters(existing.parameters);
      const paramsChanged = mergeParameters(map, params) || bootstrap;
      const status: DeviceStatus = existing.status === 'offline' ? 'online' : existing.status;
      await repo.update(existing.id, {
        ...summary,
        // After a 0 BOOTSTRAP the device has its factory connection-request credentials again.
        ...(bootstrap ? { connection_request_username: '', connection_request_password: '' } : {}),
        // A connection request URL the device did not report keeps the registered one.
        connection_request_url: summary.connection_request_url || existing.connection_request_url,
        status,
        ...(Number.isInteger(interval) && interval > 0 ? { periodic_inform_interval: interval } : {}),
        ...(paramsChanged ? { parameters: JSON.stringify(map) } : {}),
      });
      if (status !== existing.status) {
        publishStatus(existing, status);
        countsMayHaveChanged();
      }
      return { device: { ...existing, ...summary, status }, created: false };
    },

    /** Records what a job learnt or wrote: values, types and writability of parameters. */
    async storeParameters(
      id: string,
      entries: readonly { name: string; value?: string; type?: string; writable?: boolean }[],
    ): Promise<void> {
      const row = await repo.findById(id);
      if (!row || entries.length === 0) return;
      const map = parseParameters(row.parameters);
      for (const e of entries) {
        const old = map[e.name];
        const writable = e.writable ?? old?.writable;
        map[e.name] = {
          value: e.value ?? old?.value ?? '',
          type: e.type ?? old?.type ?? 'string',
          ...(writable !== undefined ? { writable } : {}),
        };
      }
      const software = Object.keys(map).find((k) => k.endsWith('.DeviceInfo.SoftwareVersion'));
      const intervalKey = entries.find((e) =>
        e.name.endsWith('.ManagementServer.PeriodicInformInterval'),
      )?.name;
      const interval = intervalKey ? Number(map[intervalKey]!.value) : NaN;
      await repo.update(id, {
        parameters: JSON.stringify(map),
        ...(software ? { software_version: map[software]!.value.slice(0, 64) } : {}),
        // The summary column follows what a job read or wrote (the offline sweep uses it).
        ...(Number.isInteger(interval) && interval > 0 ? { periodic_inform_interval: interval } : {}),
        updated_at: new Date().toISOString(),
      });
    },

    /** Pre-registers a device that has not informed yet: known, offline, reachable by connection request. */
    async register(input: RegisterInput): Promise<DeviceRow> {
      const now = new Date().toISOString();
      const { row, created } = await repo.insert({
        oui: input.oui.toUpperCase(),
        product_class: input.productClass,
        serial_number: input.serialNumber,
        status: 'offline',
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
      publishStatus(row, 'offline');
      countsMayHaveChanged();
      return row;
    },

    async update(id: string, edit: DeviceEdit): Promise<DeviceRow> {
      const row = await this.get(id);
      await repo.update(id, {
        ...(edit.connectionRequestUrl !== undefined
          ? { connection_request_url: edit.connectionRequestUrl }
          : {}),
        ...(edit.connectionRequestUsername !== undefined
          ? { connection_request_username: edit.connectionRequestUsername }
          : {}),
        ...(edit.connectionRequestPassword !== undefined
          ? { connection_request_password: edit.connectionRequestPassword }
          : {}),
        ...(edit.cwmpUsername !== undefined ? { cwmp_username: edit.cwmpUsername } : {}),
        ...(edit.cwmpPassword !== undefined ? { cwmp_password: edit.cwmpPassword } : {}),
        ...(edit.assignedProfileId !== undefined ? { assigned_profile_id: edit.assignedProfileId } : {}),
        updated_at: new Date().toISOString(),
      });
      return (await repo.findById(row.id))!;
    },

    /** Assigns a profile to many devices at once (one statement per 500 devices). */
    assignProfile: (ids: readonly string[], profileId: string | null) =>
      repo.assignProfile(ids, profileId, new Date().toISOString()),

    async remove(id: string): Promise<void> {
      if (!(await repo.remove(id))) {
        throw new AppError(
          404,
          'Device not found',
          `No device has the id "${id}"; it may have been deleted already.`,
        );
      }
      countsMayHaveChanged();
    },

    /** Turns devices that missed their schedule offline; answers how many changed. */
    async sweepOffline(now = Date.now()): Promise<number> {
      const overdue = await repo.findOverdue(now, options.offlineGraceSeconds, options.defaultInformInterval);
      for (const row of overdue) await setStatus(row, 'offline');
      return overdue.length;
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
