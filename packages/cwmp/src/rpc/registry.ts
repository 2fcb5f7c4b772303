// Every RPC codec by element name. Frozen: the codec keeps no module-level mutable state.
import type { CwmpMessage, RpcMessage } from '../message';
import { addObject, addObjectResponse } from './add-object';
import {
  autonomousDuStateChangeComplete,
  autonomousDuStateChangeCompleteResponse,
} from './autonomous-du-state-change-complete';
import {
  autonomousTransferComplete,
  autonomousTransferCompleteResponse,
} from './autonomous-transfer-complete';
import { cancelTransfer, cancelTransferResponse } from './cancel-transfer';
import { changeDuState, changeDuStateResponse } from './change-du-state';
import type { RpcCodec } from './codec';
import { deleteObject, deleteObjectResponse } from './delete-object';
import { download, downloadResponse } from './download';
import { duStateChangeComplete, duStateChangeCompleteResponse } from './du-state-change-complete';
import { factoryReset, factoryResetResponse } from './factory-reset';
import { getAllQueuedTransfers, getAllQueuedTransfersResponse } from './get-all-queued-transfers';
import { getParameterAttributes, getParameterAttributesResponse } from './get-parameter-attributes';
import { getParameterNames, getParameterNamesResponse } from './get-parameter-names';
import { getParameterValues, getParameterValuesResponse } from './get-parameter-values';
import { getQueuedTransfers, getQueuedTransfersResponse } from './get-queued-transfers';
import { getRpcMethods, getRpcMethodsResponse } from './get-rpc-methods';
import { inform, informResponse } from './inform';
import { kicked, kickedResponse } from './kicked';
import { reboot, rebootResponse } from './reboot';
import { requestDownload, requestDownloadResponse } from './request-download';
import { scheduleDownload, scheduleDownloadResponse } from './schedule-download';
import { scheduleInform, scheduleInformResponse } from './schedule-inform';
import { setParameterAttributes, setParameterAttributesResponse } from './set-parameter-attributes';
import { setParameterValues, setParameterValuesResponse } from './set-parameter-values';
import { transferComplete, transferCompleteResponse } from './transfer-complete';
import { upload, uploadResponse } from './upload';

type CodecTable = { readonly [N in RpcMessage['name']]: RpcCodec<Extract<RpcMessage, { name: N }>> };

const CODECS: CodecTable = Object.freeze({
  GetRPCMethods: getRpcMethods,
  GetRPCMethodsResponse: getRpcMethodsResponse,
  SetParameterValues: setParameterValues,
  SetParameterValuesResponse: setParameterValuesResponse,
  GetParameterValues: getParameterValues,
  GetParameterValuesResponse: getParameterValuesResponse,
  GetParameterNames: getParameterNames,
  GetParameterNamesResponse: getParameterNamesResponse,
  SetParameterAttributes: setParameterAttributes,
  SetParameterAttributesResponse: setParameterAttributesResponse,
  GetParameterAttributes: getParameterAttributes,
  GetParameterAttributesResponse: getParameterAttributesResponse,
  AddObject: addObject,
  AddObjectResponse: addObjectResponse,
  DeleteObject: deleteObject,
  DeleteObjectResponse: deleteObjectResponse,
  Reboot: reboot,
  RebootResponse: rebootResponse,
  Download: download,
  DownloadResponse: downloadResponse,
  Upload: upload,
  UploadResponse: uploadResponse,
  FactoryReset: factoryReset,
  FactoryResetResponse: factoryResetResponse,
  ScheduleInform: scheduleInform,
  ScheduleInformResponse: scheduleInformResponse,
  GetQueuedTransfers: getQueuedTransfers,
  GetQueuedTransfersResponse: getQueuedTransfersResponse,
  GetAllQueuedTransfers: getAllQueuedTransfers,
  GetAllQueuedTransfersResponse: getAllQueuedTransfersResponse,
  ScheduleDownload: scheduleDownload,
  ScheduleDownloadResponse: scheduleDownloadResponse,
  CancelTransfer: cancelTransfer,
  CancelTransferResponse: cancelTransferResponse,
  ChangeDUState: changeDuState,
  ChangeDUStateResponse: changeDuStateResponse,
  Inform: inform,
  InformResponse: informResponse,
  TransferComplete: transferComplete,
  TransferCompleteResponse: transferCompleteResponse,
  AutonomousTransferComplete: autonomousTransferComplete,
  AutonomousTransferCompleteResponse: autonomousTransferCompleteResponse,
  RequestDownload: requestDownload,
  RequestDownloadResponse: requestDownloadResponse,
  Kicked: kicked,
  KickedResponse: kickedResponse,
  DUStateChangeComplete: duStateChangeComplete,
  DUStateChangeCompleteResponse: duStateChangeCompleteResponse,
  AutonomousDUStateChangeComplete: autonomousDuStateChangeComplete,
  AutonomousDUStateChangeCompleteResponse: autonomousDuStateChangeCompleteResponse,
});

/** Names of every RPC element the codec knows (requests and responses, not Fault). */
export const RPC_NAMES: readonly RpcMessage['name'][] = Object.freeze(
  Object.keys(CODECS) as RpcMessage['name'][],
);

/** The codec for an RPC element name, or undefined (own properties only: "constructor" is no RPC). */
export function codecFor(name: string): RpcCodec<RpcMessage> | undefined {
  return Object.hasOwn(CODECS, name)
    ? (CODECS[name as RpcMessage['name']] as RpcCodec<RpcMessage>)
    : undefined;
}

export function isRpcName(name: string): name is CwmpMessage['name'] {
  return name === 'Fault' || Object.hasOwn(CODECS, name);
}
