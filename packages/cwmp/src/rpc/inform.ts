// Inform (cwmp-reference §5): always the first message of a session. Device identity is
// OUI + ProductClass + SerialNumber. InformResponse carries MaxEnvelopes (send 1).
import { readArray, readString, readUnsignedInt, requireChild } from '../fields';
import { readParameterList, writeParameterList } from '../structs';
import type { ParameterValue } from '../values';
import { writeArray, writeInteger, writeString } from '../writer';
import type { RpcCodec } from './codec';

export interface DeviceIdStruct {
  manufacturer: string;
  /** Six hex characters. */
  oui: string;
  /** May be empty. */
  productClass: string;
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

export const inform: RpcCodec<Inform> = {
  name: 'Inform',
  decode: (el, ctx) => {
    const id = requireChild(el, 'DeviceId');
    return {
      name: 'Inform',
      deviceId: {
        manufacturer: readString(ctx, id, 'Manufacturer', 'optional'),
        oui: readString(ctx, id, 'OUI', 'required'),
        productClass: readString(ctx, id, 'ProductClass', 'optional'),
        serialNumber: readString(ctx, id, 'SerialNumber', 'required'),
      },
      event: readArray(ctx, el, 'Event', 'EventStruct', 'optional', (item) => ({
        eventCode: readString(ctx, item, 'EventCode', 'required'),
        commandKey: readString(ctx, item, 'CommandKey', 'optional'),
      })),
      maxEnvelopes: readUnsignedInt(ctx, el, 'MaxEnvelopes', 'optional'),
      currentTime: readString(ctx, el, 'CurrentTime', 'optional'),
      retryCount: readUnsignedInt(ctx, el, 'RetryCount', 'optional'),
      parameterList: readParameterList(ctx, el, 'optional'),
    };
  },
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
