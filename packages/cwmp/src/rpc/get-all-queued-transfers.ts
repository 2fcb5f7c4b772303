// GetAllQueuedTransfers (1.1, TR-069 Amendment 6, A.4.1.7): queued transfers with their details.
import { readArray, readBoolean, readString, readUnsignedInt } from '../fields';
import { writeArray, writeBoolean, writeInteger, writeString } from '../writer';
import { emptyCodec } from './codec';
import type { RpcCodec } from './codec';

export interface GetAllQueuedTransfers {
  name: 'GetAllQueuedTransfers';
}

export interface AllQueuedTransferStruct {
  commandKey: string;
  state: number;
  isDownload: boolean;
  fileType: string;
  fileSize: number;
  targetFileName: string;
}

export interface GetAllQueuedTransfersResponse {
  name: 'GetAllQueuedTransfersResponse';
  transferList: AllQueuedTransferStruct[];
}

export const getAllQueuedTransfers: RpcCodec<GetAllQueuedTransfers> = emptyCodec('GetAllQueuedTransfers');

export const getAllQueuedTransfersResponse: RpcCodec<GetAllQueuedTransfersResponse> = {
  name: 'GetAllQueuedTransfersResponse',
  decode: (el, ctx) => ({
    name: 'GetAllQueuedTransfersResponse',
    transferList: readArray(ctx, el, 'TransferList', 'AllQueuedTransferStruct', 'optional', (item) => ({
      commandKey: readString(ctx, item, 'CommandKey', 'optional'),
      state: readUnsignedInt(ctx, item, 'State', 'required'),
      isDownload: readBoolean(ctx, item, 'IsDownload', 'optional'),
      fileType: readString(ctx, item, 'FileType', 'optional'),
      fileSize: readUnsignedInt(ctx, item, 'FileSize', 'optional'),
      targetFileName: readString(ctx, item, 'TargetFileName', 'optional'),
    })),
  }),
  encode: (m) =>
    writeArray(
      'TransferList',
      'cwmp:AllQueuedTransferStruct',
      m.transferList,
      (t) =>
        '<AllQueuedTransferStruct>' +
        writeString('CommandKey', t.commandKey) +
        writeInteger('State', t.state) +
        writeBoolean('IsDownload', t.isDownload) +
        writeString('FileType', t.fileType) +
        writeInteger('FileSize', t.fileSize) +
        writeString('TargetFileName', t.targetFileName) +
        '</AllQueuedTransferStruct>',
    ),
};
