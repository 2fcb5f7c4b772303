// CancelTransfer (1.2, TR-069 Amendment 6, A.4.1.9): fault 9021 when the transfer cannot be cancelled.
import { readString } from '../fields';
import { writeString } from '../writer';
import { emptyCodec } from './codec';
import type { RpcCodec } from './codec';

export interface CancelTransfer {
  name: 'CancelTransfer';
  commandKey: string;
}

export interface CancelTransferResponse {
  name: 'CancelTransferResponse';
}

export const cancelTransfer: RpcCodec<CancelTransfer> = {
  name: 'CancelTransfer',
  decode: (el, ctx) => ({
    name: 'CancelTransfer',
    commandKey: readString(ctx, el, 'CommandKey', 'optional'),
  }),
  encode: (m) => writeString('CommandKey', m.commandKey),
};

export const cancelTransferResponse: RpcCodec<CancelTransferResponse> = emptyCodec('CancelTransferResponse');
