// AutonomousTransferComplete (1.1, TR-069 Amendment 6, A.3.3.3): a transfer the ACS did not request finished.
import { readBoolean, readString, readUnsignedInt } from '../fields';
import { readFaultStruct, writeFaultStruct } from '../structs';
import type { FaultStruct } from '../structs';
import { writeBoolean, writeInteger, writeString } from '../writer';
import { emptyCodec } from './codec';
import type { RpcCodec } from './codec';

export interface AutonomousTransferComplete {
  name: 'AutonomousTransferComplete';
  announceUrl: string;
  transferUrl: string;
  isDownload: boolean;
  fileType: string;
  fileSize: number;
  targetFileName: string;
  faultStruct: FaultStruct;
  startTime: string;
  completeTime: string;
}

export interface AutonomousTransferCompleteResponse {
  name: 'AutonomousTransferCompleteResponse';
}

export const autonomousTransferComplete: RpcCodec<AutonomousTransferComplete> = {
  name: 'AutonomousTransferComplete',
  decode: (el, ctx) => ({
    name: 'AutonomousTransferComplete',
    announceUrl: readString(ctx, el, 'AnnounceURL', 'optional'),
    transferUrl: readString(ctx, el, 'TransferURL', 'optional'),
    isDownload: readBoolean(ctx, el, 'IsDownload', 'optional'),
    fileType: readString(ctx, el, 'FileType', 'optional'),
    fileSize: readUnsignedInt(ctx, el, 'FileSize', 'optional'),
    targetFileName: readString(ctx, el, 'TargetFileName', 'optional'),
    faultStruct: readFaultStruct(ctx, el, 'FaultStruct', 'optional'),
    startTime: readString(ctx, el, 'StartTime', 'optional'),
    completeTime: readString(ctx, el, 'CompleteTime', 'optional'),
  }),
  encode: (m) =>
    writeString('AnnounceURL', m.announceUrl) +
    writeString('TransferURL', m.transferUrl) +
    writeBoolean('IsDownload', m.isDownload) +
    writeString('FileType', m.fileType) +
    writeInteger('FileSize', m.fileSize) +
    writeString('TargetFileName', m.targetFileName) +
    writeFaultStruct('FaultStruct', m.faultStruct) +
    writeString('StartTime', m.startTime) +
    writeString('CompleteTime', m.completeTime),
};

export const autonomousTransferCompleteResponse: RpcCodec<AutonomousTransferCompleteResponse> = emptyCodec(
  'AutonomousTransferCompleteResponse',
);
