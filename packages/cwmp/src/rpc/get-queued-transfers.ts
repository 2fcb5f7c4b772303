// GetQueuedTransfers (TR-069 Amendment 6, A.4.1.1): State 1 = not started, 2 = in progress, 3 = completed.
import { readArray, readString, readUnsignedInt } from '../fields';
import { writeArray, writeInteger, writeString } from '../writer';
import { emptyCodec } from './codec';
import type { RpcCodec } from './codec';

export interface GetQueuedTransfers {
  name: 'GetQueuedTransfers';
}

export interface QueuedTransferStruct {
  commandKey: string;
  state: number;
}

export interface GetQueuedTransfersResponse {
  name: 'GetQueuedTransfersResponse';
  transferList: QueuedTransferStruct[];
}

export const getQueuedTransfers: RpcCodec<GetQueuedTransfers> = emptyCodec('GetQueuedTransfers');

export const getQueuedTransfersResponse: RpcCodec<GetQueuedTransfersResponse> = {
  name: 'GetQueuedTransfersResponse',
  decode: (el, ctx) => ({
    name: 'GetQueuedTransfersResponse',
    transferList: readArray(ctx, el, 'TransferList', 'QueuedTransferStruct', 'optional', (item) => ({
      commandKey: readString(ctx, item, 'CommandKey', 'optional'),
      state: readUnsignedInt(ctx, item, 'State', 'required'),
    })),
  }),
  encode: (m) =>
    writeArray(
      'TransferList',
      'cwmp:QueuedTransferStruct',
      m.transferList,
      (t) =>
        `<QueuedTransferStruct>${writeString('CommandKey', t.commandKey)}${writeInteger('State', t.state)}</QueuedTransferStruct>`,
    ),
};
