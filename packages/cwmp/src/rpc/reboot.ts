// Reboot (TR-069 Amendment 6, A.3.2.9): the CPE later Informs "1 BOOT" + "M Reboot" with this CommandKey.
import { readString } from '../fields';
import { writeString } from '../writer';
import { emptyCodec } from './codec';
import type { RpcCodec } from './codec';

export interface Reboot {
  name: 'Reboot';
  commandKey: string;
}

export interface RebootResponse {
  name: 'RebootResponse';
}

export const reboot: RpcCodec<Reboot> = {
  name: 'Reboot',
  decode: (el, ctx) => ({ name: 'Reboot', commandKey: readString(ctx, el, 'CommandKey', 'optional') }),
  encode: (m) => writeString('CommandKey', m.commandKey),
};

export const rebootResponse: RpcCodec<RebootResponse> = emptyCodec('RebootResponse');
