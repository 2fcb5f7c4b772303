// What one virtual CPE remembers between sessions: its parameters, the events it still has to
// deliver, finished transfers awaiting TransferComplete, and whether it has bootstrapped with the
// current ACS URL (TR-069 Amendment 6, A.3.3.1: 0 BOOTSTRAP on first contact, after a factory reset, or
// after ManagementServer.URL changed).
import { parseTypedValue } from '@provisor/cwmp';
import type { EventStruct, FaultStruct, Inform, ParameterValue, XsdType } from '@provisor/cwmp';
import type { ParameterTree } from '../model/parameter-tree';
import type { XsdTypeName } from '../model/values';

export interface FinishedTransfer {
  commandKey: string;
  isDownload: boolean;
  fault: FaultStruct;
  startTime: string;
  completeTime: string;
}

export interface QueuedTransfer {
  commandKey: string;
  /** GetQueuedTransfers (TR-069 Amendment 6, A.4.1.1): 1 not started, 2 in progress. */
  state: 1 | 2;
  isDownload: boolean;
  fileType: string;
  fileSize: number;
  targetFileName: string;
}

export interface DeviceState {
  tree: ParameterTree;
  root: string;
  manufacturer: string;
  oui: string;
  productClass: string;
  serial: string;
  /** The ACS URL this device bootstrapped with; '' before the first successful 0 BOOTSTRAP. */
  bootstrapUrl: string;
  /** Events still to deliver, in order. */
  events: EventStruct[];
  /** Notified parameters (notification 1/2) the device changed itself since the last Inform. */
  changed: Set<string>;
  /**
   * Finished transfers; each stays until the ACS acknowledges its TransferComplete
   * (TR-069 Amendment 6, 3.7.1.5).
   */
  finished: FinishedTransfer[];
  queued: QueuedTransfer[];
}

export const UNKNOWN_TIME = '0001-01-01T00:00:00Z';

/** Events that survive a delivered Inform until their TransferComplete is acknowledged. */
const TRANSFER_EVENTS = new Set(['7 TRANSFER COMPLETE', 'M Download', 'M Upload']);

export function addEvent(state: DeviceState, eventCode: string, commandKey = ''): void {
  const dup = state.events.some(
    (e) => e.eventCode === eventCode && (!eventCode.startsWith('M ') || e.commandKey === commandKey),
  );
  if (!dup) state.events.push({ eventCode, commandKey });
}

export function msValue(state: DeviceState, name: string): string {
  return state.tree.value(`${state.root}ManagementServer.${name}`) ?? '';
}

export function codecType(type: XsdTypeName): XsdType {
  return type.slice(4) as XsdType;
}

/** A tree value as the codec's ParameterValue (the sim stores `xsd:`-prefixed type names). */
export function toParameterValue(name: string, raw: string, type: XsdTypeName): ParameterValue {
  const t = codecType(type);
  return { name, type: t, value: parseTypedValue(t, raw), raw } as ParameterValue;
}

/** The forced-inform parameters (TR-181, TR-098) of the device's root, where the model has them. */
function forcedParameters(state: DeviceState): string[] {
  const r = state.root;
  const names =
    r === 'Device.'
      ? ['Device.RootDataModelVersion']
      : ['InternetGatewayDevice.DeviceSummary', 'InternetGatewayDevice.DeviceInfo.SpecVersion'];
  names.push(
    `${r}DeviceInfo.HardwareVersion`,
    `${r}DeviceInfo.SoftwareVersion`,
    `${r}DeviceInfo.ProvisioningCode`,
    `${r}ManagementServer.ParameterKey`,
    `${r}ManagementServer.ConnectionRequestURL`,
    `${r}ManagementServer.AliasBasedAddressing`,
  );
  if (r === 'InternetGatewayDevice.') {
    // Only the management connection's address is sent in practice; take the first one set.
    for (const node of state.tree.walk(`${r}WANDevice.`)) {
      if (!node.object && node.name.endsWith('.ExternalIPAddress') && node.value !== '') {
        names.push(node.name);
        break;
      }
    }
  }
  return names.filter((n) => state.tree.value(n) !== undefined);
}

/** The events this Inform carries: 0 BOOTSTRAP first when the device has not bootstrapped here. */
export function informEvents(state: DeviceState): EventStruct[] {
  const events = [...state.events];
  if (state.bootstrapUrl !== msValue(state, 'URL') && !events.some((e) => e.eventCode === '0 BOOTSTRAP')) {
    events.unshift({ eventCode: '0 BOOTSTRAP', commandKey: '' });
  }
  return events;
}

export function buildInform(state: DeviceState, retryCount: number, now = new Date()): Inform {
  const names = forcedParameters(state);
  for (const n of state.changed) if (!names.includes(n)) names.push(n);
  const parameterList: ParameterValue[] = [];
  for (const n of names) {
    const node = state.tree.node(n);
    if (node && !node.object) parameterList.push(toParameterValue(n, node.value, node.type));
  }
  return {
    name: 'Inform',
    deviceId: {
      manufacturer: state.manufacturer,
      oui: state.oui,
      productClass: state.productClass,
      serialNumber: state.serial,
    },
    event: informEvents(state),
    maxEnvelopes: 1,
    currentTime: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    retryCount,
    parameterList,
  };
}

/** TR-069 Amendment 6, 3.7.1.5: an answered Inform delivered its events; transfer events wait for an ack. */
export function informDelivered(state: DeviceState, delivered: readonly EventStruct[]): void {
  const sent = new Set(delivered.map((e) => `${e.eventCode}\n${e.commandKey}`));
  state.events = state.events.filter(
    (e) =>
      !sent.has(`${e.eventCode}\n${e.commandKey}`) ||
      (TRANSFER_EVENTS.has(e.eventCode) && state.finished.length > 0),
  );
  state.changed.clear();
  state.bootstrapUrl = msValue(state, 'URL');
}

/** The ACS acknowledged the TransferComplete for `commandKey`. */
export function transferAcknowledged(state: DeviceState, commandKey: string): void {
  const i = state.finished.findIndex((t) => t.commandKey === commandKey);
  if (i < 0) return;
  const [done] = state.finished.splice(i, 1);
  const method = done?.isDownload ? 'M Download' : 'M Upload';
  state.events = state.events.filter((e) => !(e.eventCode === method && e.commandKey === commandKey));
  if (state.finished.length === 0)
    state.events = state.events.filter((e) => e.eventCode !== '7 TRANSFER COMPLETE');
}
