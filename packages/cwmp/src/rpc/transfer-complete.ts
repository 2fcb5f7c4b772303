// TransferComplete (TR-069 Amendment 6, A.3.3.2): ends a Download, Upload or ScheduleDownload. FaultCode 0 is
// success; the CPE re-sends it until acknowledged, so always accept it.
import { readString } from '../fields';
import { readFaultStruct, writeFaultStruct } from '../structs';
import type { FaultStruct } from '../structs';
import { writeString } from '../writer';
import { emptyCodec } from './codec';
import type { RpcCodec } from './codec';

export interface TransferComplete {
  name: 'TransferComplete';
  commandKey: string;
  faultStruct: FaultStruct;
  startTime: string;
  completeTime: string;
}

export interface TransferCompleteResponse {
  name: 'TransferCompleteResponse';
}

export const transferComplete: RpcCodec<TransferComplete> = {
  name: 'TransferComplete',
  decode: (el, ctx) => ({
    name: 'TransferComplete',
    commandKey: readString(ctx, el, 'CommandKey', 'optional'),
    faultStruct: readFaultStruct(ctx, el, 'FaultStruct', 'optional'),
    startTime: readString(ctx, el, 'StartTime', 'optional'),
    completeTime: readString(ctx, el, 'CompleteTime', 'optional'),
  }),
  encode: (m) =>
    writeString('CommandKey', m.commandKey) +
    writeFaultStruct('FaultStruct', m.faultStruct) +
    writeString('StartTime', m.startTime) +
    writeString('CompleteTime', m.completeTime),
};

export const transferCompleteResponse: RpcCodec<TransferCompleteResponse> =
  emptyCodec('TransferCompleteResponse');
