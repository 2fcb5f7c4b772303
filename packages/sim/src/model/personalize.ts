// Per-device identity on top of a shared model: serial numbers from a template, MAC addresses
// derived from the device index, and the ManagementServer values that belong to the simulator
// (ManagementServer in TR-181 and TR-098: URL, ConnectionRequestURL and credentials,
// PeriodicInformInterval).
import type { DeviceModel } from './csv-model';
import type { ParamNode } from './parameter-tree';

export interface DeviceIdentity {
  /** 1-based index in the fleet; every derived value (serial, MACs) comes from it. */
  index: number;
  serial: string;
  acsUrl: string;
  /** ACS credentials (ManagementServer.Username/Password); empty when the ACS needs none. */
  acsUsername: string;
  acsPassword: string;
  connectionRequestUrl: string;
  connectionRequestUsername: string;
  connectionRequestPassword: string;
  /** Seconds (ManagementServer.PeriodicInformInterval). */
  periodicInterval: number;
}

export class TemplateError extends Error {
  override name = 'TemplateError';
}

/**
 * Expands a serial template: `{i}` is the index, `{i:06}` the index zero-padded to 6 digits.
 * 'HWTC{i:06}' with 1 gives HWTC000001.
 */
export function expandSerial(template: string, index: number): string {
  if (!/\{i(:0\d+)?\}/.test(template)) {
    throw new TemplateError(
      `The serial template "${template}" has no {i} placeholder, so every device would get the same ` +
        `serial. Use e.g. 'SIM{i:06}' ({i} = device number, {i:06} = zero-padded to 6 digits).`,
    );
  }
  return template.replace(/\{i(?::0(\d+))?\}/g, (_m, width: string | undefined) =>
    width === undefined ? String(index) : String(index).padStart(Number(width), '0'),
  );
}

/**
 * A MAC address unique to (device, ordinal): locally administered (02:...), the device index in
 * three bytes and the ordinal of the MAC parameter in the last, so one router's interfaces differ.
 */
export function deviceMac(index: number, ordinal: number, upper = true): string {
  const bytes = [
    0x02,
    (index >>> 24) & 0xff,
    (index >>> 16) & 0xff,
    (index >>> 8) & 0xff,
    index & 0xff,
    ordinal & 0xff,
  ];
  const text = bytes.map((b) => b.toString(16).padStart(2, '0')).join(':');
  return upper ? text.toUpperCase() : text;
}

const MAC_SUFFIXES = ['MACAddress', 'BSSID'];
const MAC = /^[0-9A-Fa-f]{2}([:-][0-9A-Fa-f]{2}){5}$/;

function lastSegment(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1);
}

/**
 * The per-device values that differ from the model, name → value. Only these are copied per
 * device; everything else stays the model's (see ParameterTree's shared defaults).
 */
export function personalValues(model: DeviceModel, id: DeviceIdentity): Map<string, string> {
  const out = new Map<string, string>();
  let macOrdinal = 0;
  for (const node of model.nodes) {
    if (node.object) continue;
    const last = lastSegment(node.name);
    if (last === 'SerialNumber') out.set(node.name, id.serial);
    // A device's own interface MACs: values that are MACs already, or read-only ones left empty
    // (a writable empty one, e.g. a passthrough setting, is configuration, not identity).
    else if (
      MAC_SUFFIXES.some((s) => last.endsWith(s)) &&
      (MAC.test(node.value) || (node.value === '' && !node.writable))
    ) {
      const upper = !/[a-f]/.test(node.value);
      out.set(node.name, deviceMac(id.index, macOrdinal++, upper));
    }
  }
  const ms = `${model.root}ManagementServer.`;
  const set = (suffix: string, value: string) => out.set(ms + suffix, value);
  set('URL', id.acsUrl);
  set('Username', id.acsUsername);
  set('Password', id.acsPassword);
  set('ConnectionRequestURL', id.connectionRequestUrl);
  set('ConnectionRequestUsername', id.connectionRequestUsername);
  set('ConnectionRequestPassword', id.connectionRequestPassword);
  set('PeriodicInformEnable', 'true');
  set('PeriodicInformInterval', String(id.periodicInterval));
  set('ParameterKey', '');
  return out;
}

/** The model's nodes with the device's values applied (a fresh array; model nodes untouched). */
export function personalizedNodes(model: DeviceModel, id: DeviceIdentity): ParamNode[] {
  const values = personalValues(model, id);
  const nodes = model.nodes.map((n) => {
    const v = values.get(n.name);
    return v === undefined ? n : { ...n, value: v };
  });
  // ManagementServer parameters a dump lacks are added, so the device can always be reached.
  const names = new Set(model.nodes.map((n) => n.name));
  for (const [name, value] of values) {
    if (names.has(name)) continue;
    nodes.push({
      name,
      object: false,
      writable: !name.endsWith('ParameterKey') && !name.endsWith('ConnectionRequestURL'),
      value,
      type: name.endsWith('PeriodicInformInterval')
        ? 'xsd:unsignedInt'
        : name.endsWith('PeriodicInformEnable')
          ? 'xsd:boolean'
          : 'xsd:string',
      notification: 0,
      accessList: [],
    });
  }
  return nodes;
}
