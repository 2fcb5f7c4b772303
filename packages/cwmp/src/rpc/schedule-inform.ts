// ScheduleInform (TR-069 Amendment 6, A.4.1.2): later "3 SCHEDULED" + "M ScheduleInform" with CommandKey.
import { readString, readUnsignedInt } from '../fields';
import { writeInteger, writeString } from '../writer';
import { emptyCodec } from './codec';
import type { RpcCodec } from './codec';

export interface ScheduleInform {
  name: 'ScheduleInform';
  delaySeconds: number;
  commandKey: string;
}

export interface ScheduleInformResponse {
  name: 'ScheduleInformResponse';
}

export const scheduleInform: RpcCodec<ScheduleInform> = {
  name: 'ScheduleInform',
  decode: (el, ctx) => ({
    name: 'ScheduleInform',
    delaySeconds: readUnsignedInt(ctx, el, 'DelaySeconds', 'required'),
    commandKey: readString(ctx, el, 'CommandKey', 'optional'),
  }),
  encode: (m) => writeInteger('DelaySeconds', m.delaySeconds) + writeString('CommandKey', m.commandKey),
};

export const scheduleInformResponse: RpcCodec<ScheduleInformResponse> = emptyCodec('ScheduleInformResponse');
