// Inform (TR-069 Amendment 6, A.3.3.1): always the first message of a session. Device identity is
// OUI + ProductClass + SerialNumber. InformResponse carries MaxEnvelopes (send 1).
import { CwmpParseError } from '../errors';
import type { DecodeContext } from '../fields';
import { readArray, readString, readUnsignedInt, requireChild } from '../fields';
import { readParameterList, writeParameterList } from '../structs';
import type { ParameterValue } from '../values';
import { writeArray, writeInteger, writeString } from '../writer';
import type { XmlElement } from '../xml/element';
import type { RpcCodec } from './codec';

/** Checked on decode against TR-069 A.3.3.1 (see readDeviceId). */
export interface DeviceIdStruct {
  /** At most 64 characters. */
  manufacturer: string;
  /** Six hex characters. */
  oui: string;
  /** At most 64 characters; may be empty. */
  productClass: string;
  /** 1 to 64 characters. */
  serialNumber: string;
}

export interface EventStruct {
  /** e.g. "0 BOOTSTRAP", "M Reboot"; see events.ts. */
  eventCode: string;
  /** Filled only for "M ..." events: the key of the ACS request they complete. */
  commandKey: string;
}

export interface Inform {
  name: 'Inform';
  deviceId: DeviceIdStruct;
  event: EventStruct[];
  maxEnvelopes: number;
  /** xsd:dateTime as sent; may be the Unknown Time 0001-01-01T00:00:00Z. */
  currentTime: string;
  retryCount: number;
  parameterList: ParameterValue[];
}

export interface InformResponse {
  name: 'InformResponse';
  maxEnvelopes: number;
}

/** TR-069 A.3.3.1, DeviceIdStruct: Manufacturer, ProductClass and SerialNumber are string(64). */
const DEVICE_ID_MAX_LENGTH = 64;

function invalidDeviceId(detail: string): CwmpParseError {
  return new CwmpParseError('CWMP_ERR_INVALID_VALUE', `DeviceId/${detail}`);
}

/** A DeviceIdStruct string field, refused past TR-069's 64 characters (the value is not quoted). */
function readIdString(ctx: DecodeContext, id: XmlElement, name: string, required: boolean): string {
  const v = readString(ctx, id, name, required ? 'required' : 'optional');
  // Characters, not UTF-16 units: count code points only when the units already exceed the bound.
  if (v.length > DEVICE_ID_MAX_LENGTH) {
    const chars = [...v].length;
    if (chars > DEVICE_ID_MAX_LENGTH) {
      throw invalidDeviceId(`${name} is ${chars} characters; TR-069 allows at most ${DEVICE_ID_MAX_LENGTH}`);
    }
  }
  return v;
}

/**
 * The identity the ACS keys a device by (OUI + ProductClass + SerialNumber), checked against
 * TR-069 A.3.3.1 here so that every user of the codec refuses the same Informs, each with a message
 * naming the field.
 */
function readDeviceId(ctx: DecodeContext, el: XmlElement): DeviceIdStruct {
  const id = requireChild(el, 'DeviceId');
  const manufacturer = readIdString(ctx, id, 'Manufacturer', false);
  const oui = readString(ctx, id, 'OUI', 'required');
  // string(6): an organizationally unique identifier, six hexadecimal digits (upper case per the
  // spec; lower case is accepted, as CPEs send it and the ACS normalises it).
  if (!/^[0-9A-Fa-f]{6}$/.test(oui)) {
    const shown = oui.length > 12 ? `${oui.length} characters` : `"${oui}"`;
    throw invalidDeviceId(`OUI is ${shown}; TR-069 requires six hexadecimal digits (e.g. 00259E)`);
  }
  const productClass = readIdString(ctx, id, 'ProductClass', false);
  const serialNumber = readIdString(ctx, id, 'SerialNumber', true);
  if (serialNumber.trim() === '') {
    throw invalidDeviceId('SerialNumber is empty; TR-069 requires the serial number of the device');
  }
  return { manufacturer, oui, productClass, serialNumber };
}

export const inform: RpcCodec<Inform> = {
  name: 'Inform',
  decode: (el, ctx) => ({
    name: 'Inform',
    deviceId: readDeviceId(ctx, el),
    event: readArray(ctx, el, 'Event', 'EventStruct', 'optional', (item) => ({
      eventCode: readString(ctx, item, 'EventCode', 'required'),
      commandKey: readString(ctx, item, 'CommandKey', 'optional'),
    })),
    maxEnvelopes: readUnsignedInt(ctx, el, 'MaxEnvelopes', 'optional'),
    currentTime: readString(ctx, el, 'CurrentTime', 'optional'),
    retryCount: readUnsignedInt(ctx, el, 'RetryCount', 'optional'),
    parameterList: readParameterList(ctx, el, 'optional'),
  }),
  encode: (m) =>
    '<DeviceId>' +
    writeString('Manufacturer', m.deviceId.manufacturer) +
    writeString('OUI', m.deviceId.oui) +
    writeString('ProductClass', m.deviceId.productClass) +
    writeString('SerialNumber', m.deviceId.serialNumber) +
    '</DeviceId>' +
    writeArray(
      'Event',
      'cwmp:EventStruct',
      m.event,
      (e) =>
        `<EventStruct>${writeString('EventCode', e.eventCode)}${writeString('CommandKey', e.commandKey)}</EventStruct>`,
    ) +
    writeInteger('MaxEnvelopes', m.maxEnvelopes) +
    writeString('CurrentTime', m.currentTime) +
    writeInteger('RetryCount', m.retryCount) +
    writeParameterList(m.parameterList),
};

export const informResponse: RpcCodec<InformResponse> = {
  name: 'InformResponse',
  decode: (el, ctx) => ({
    name: 'InformResponse',
    maxEnvelopes: readUnsignedInt(ctx, el, 'MaxEnvelopes', 'optional'),
  }),
  encode: (m) => writeInteger('MaxEnvelopes', m.maxEnvelopes),
};
