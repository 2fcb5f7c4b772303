// Every RPC codec by element name. Frozen: the codec keeps no module-level mutable state.
import type {
  AcsMethodRequest,
  AcsMethodResponse,
  CpeMethodRequest,
  CpeMethodResponse,
  CwmpMessage,
  RpcMessage,
} from '../message';
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

/**
 * Which side calls each method (TR-069 Amendment 6, A.3 and A.4): `cpe-method` the ACS calls on the
 * CPE, `acs-method` the CPE calls on the ACS; each with its response. Checked against the message
 * types: a method missing or on the wrong side does not compile.
 */
type BothMethods = CpeMethodRequest['name'] & AcsMethodRequest['name'];
type BothResponses = CpeMethodResponse['name'] & AcsMethodResponse['name'];
type Roles = { readonly [N in Exclude<CpeMethodRequest['name'], BothMethods>]: 'cpe-method' } & {
  readonly [N in Exclude<CpeMethodResponse['name'], BothResponses>]: 'cpe-response';
} & { readonly [N in Exclude<AcsMethodRequest['name'], BothMethods>]: 'acs-method' } & {
  readonly [N in Exclude<AcsMethodResponse['name'], BothResponses>]: 'acs-response';
} & { readonly [N in BothMethods]: 'both-method' } & { readonly [N in BothResponses]: 'both-response' };
type Role = Roles[keyof Roles];

const ROLES: Roles = Object.freeze({
  // Either side may ask the other which methods it supports (A.3.1.1).
  GetRPCMethods: 'both-method',
  GetRPCMethodsResponse: 'both-response',
  SetParameterValues: 'cpe-method',
  SetParameterValuesResponse: 'cpe-response',
  GetParameterValues: 'cpe-method',
  GetParameterValuesResponse: 'cpe-response',
  GetParameterNames: 'cpe-method',
  GetParameterNamesResponse: 'cpe-response',
  SetParameterAttributes: 'cpe-method',
  SetParameterAttributesResponse: 'cpe-response',
  GetParameterAttributes: 'cpe-method',
  GetParameterAttributesResponse: 'cpe-response',
  AddObject: 'cpe-method',
  AddObjectResponse: 'cpe-response',
  DeleteObject: 'cpe-method',
  DeleteObjectResponse: 'cpe-response',
  Reboot: 'cpe-method',
  RebootResponse: 'cpe-response',
  Download: 'cpe-method',
  DownloadResponse: 'cpe-response',
  Upload: 'cpe-method',
  UploadResponse: 'cpe-response',
  FactoryReset: 'cpe-method',
  FactoryResetResponse: 'cpe-response',
  ScheduleInform: 'cpe-method',
  ScheduleInformResponse: 'cpe-response',
  GetQueuedTransfers: 'cpe-method',
  GetQueuedTransfersResponse: 'cpe-response',
  GetAllQueuedTransfers: 'cpe-method',
  GetAllQueuedTransfersResponse: 'cpe-response',
  ScheduleDownload: 'cpe-method',
  ScheduleDownloadResponse: 'cpe-response',
  CancelTransfer: 'cpe-method',
  CancelTransferResponse: 'cpe-response',
  ChangeDUState: 'cpe-method',
  ChangeDUStateResponse: 'cpe-response',
  Inform: 'acs-method',
  InformResponse: 'acs-response',
  TransferComplete: 'acs-method',
  TransferCompleteResponse: 'acs-response',
  AutonomousTransferComplete: 'acs-method',
  AutonomousTransferCompleteResponse: 'acs-response',
  RequestDownload: 'acs-method',
  RequestDownloadResponse: 'acs-response',
  Kicked: 'acs-method',
  KickedResponse: 'acs-response',
  DUStateChangeComplete: 'acs-method',
  DUStateChangeCompleteResponse: 'acs-response',
  AutonomousDUStateChangeComplete: 'acs-method',
  AutonomousDUStateChangeCompleteResponse: 'acs-response',
});

const roleOf = (name: string): Role | undefined =>
  Object.hasOwn(ROLES, name) ? ROLES[name as keyof Roles] : undefined;
const named = <N extends string>(...roles: Role[]) =>
  Object.freeze((Object.keys(ROLES) as N[]).filter((n) => roles.includes(roleOf(n)!)));

/** Methods the ACS may call on a CPE (A.3.2, A.4.1). */
export const CPE_METHOD_NAMES: readonly CpeMethodRequest['name'][] = named('cpe-method', 'both-method');
/** Methods a CPE may call on the ACS (A.3.3, A.4.2). */
export const ACS_METHOD_NAMES: readonly AcsMethodRequest['name'][] = named('acs-method', 'both-method');

/** A method the ACS calls on a CPE (what a CPE's request to the ACS never is, but GetRPCMethods). */
export const isCpeMethodRequest = (m: CwmpMessage): m is CpeMethodRequest =>
  ['cpe-method', 'both-method'].includes(roleOf(m.name)!);
/** A CPE's answer to one of the ACS's methods. */
export const isCpeMethodResponse = (m: CwmpMessage): m is CpeMethodResponse =>
  ['cpe-response', 'both-response'].includes(roleOf(m.name)!);
/** A method a CPE calls on the ACS. */
export const isAcsMethodRequest = (m: CwmpMessage): m is AcsMethodRequest =>
  ['acs-method', 'both-method'].includes(roleOf(m.name)!);
