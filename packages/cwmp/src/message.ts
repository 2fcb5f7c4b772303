// The message types: one union keyed by `name`, and the envelope around it (TR-069 Amendment 6, 3.5).
import type { CwmpNamespace } from './namespaces';
import type { AddObject, AddObjectResponse } from './rpc/add-object';
import type {
  AutonomousDUStateChangeComplete,
  AutonomousDUStateChangeCompleteResponse,
} from './rpc/autonomous-du-state-change-complete';
import type {
  AutonomousTransferComplete,
  AutonomousTransferCompleteResponse,
} from './rpc/autonomous-transfer-complete';
import type { CancelTransfer, CancelTransferResponse } from './rpc/cancel-transfer';
import type { ChangeDUState, ChangeDUStateResponse } from './rpc/change-du-state';
import type { DeleteObject, DeleteObjectResponse } from './rpc/delete-object';
import type { Download, DownloadResponse } from './rpc/download';
import type { DUStateChangeComplete, DUStateChangeCompleteResponse } from './rpc/du-state-change-complete';
import type { FactoryReset, FactoryResetResponse } from './rpc/factory-reset';
import type { CwmpFault } from './rpc/fault';
import type { GetAllQueuedTransfers, GetAllQueuedTransfersResponse } from './rpc/get-all-queued-transfers';
import type { GetParameterAttributes, GetParameterAttributesResponse } from './rpc/get-parameter-attributes';
import type { GetParameterNames, GetParameterNamesResponse } from './rpc/get-parameter-names';
import type { GetParameterValues, GetParameterValuesResponse } from './rpc/get-parameter-values';
import type { GetQueuedTransfers, GetQueuedTransfersResponse } from './rpc/get-queued-transfers';
import type { GetRPCMethods, GetRPCMethodsResponse } from './rpc/get-rpc-methods';
import type { Inform, InformResponse } from './rpc/inform';
import type { Kicked, KickedResponse } from './rpc/kicked';
import type { Reboot, RebootResponse } from './rpc/reboot';
import type { RequestDownload, RequestDownloadResponse } from './rpc/request-download';
import type { ScheduleDownload, ScheduleDownloadResponse } from './rpc/schedule-download';
import type { ScheduleInform, ScheduleInformResponse } from './rpc/schedule-inform';
import type { SetParameterAttributes, SetParameterAttributesResponse } from './rpc/set-parameter-attributes';
import type { SetParameterValues, SetParameterValuesResponse } from './rpc/set-parameter-values';
import type { TransferComplete, TransferCompleteResponse } from './rpc/transfer-complete';
import type { Upload, UploadResponse } from './rpc/upload';

/** Methods the ACS calls on the CPE (TR-069 Amendment 6, A.3.2, A.4.1); GetRPCMethods goes both ways. */
export type CpeMethodRequest =
  | GetRPCMethods
  | SetParameterValues
  | GetParameterValues
  | GetParameterNames
  | SetParameterAttributes
  | GetParameterAttributes
  | AddObject
  | DeleteObject
  | Reboot
  | Download
  | Upload
  | FactoryReset
  | ScheduleInform
  | GetQueuedTransfers
  | GetAllQueuedTransfers
  | ScheduleDownload
  | CancelTransfer
  | ChangeDUState;

/** The CPE's successful responses to CpeMethodRequest. */
export type CpeMethodResponse =
  | GetRPCMethodsResponse
  | SetParameterValuesResponse
  | GetParameterValuesResponse
  | GetParameterNamesResponse
  | SetParameterAttributesResponse
  | GetParameterAttributesResponse
  | AddObjectResponse
  | DeleteObjectResponse
  | RebootResponse
  | DownloadResponse
  | UploadResponse
  | FactoryResetResponse
  | ScheduleInformResponse
  | GetQueuedTransfersResponse
  | GetAllQueuedTransfersResponse
  | ScheduleDownloadResponse
  | CancelTransferResponse
  | ChangeDUStateResponse;

/** Methods the CPE calls on the ACS (TR-069 Amendment 6, A.3.3, A.4.2). */
export type AcsMethodRequest =
  | Inform
  | TransferComplete
  | AutonomousTransferComplete
  | GetRPCMethods
  | RequestDownload
  | Kicked
  | DUStateChangeComplete
  | AutonomousDUStateChangeComplete;

/** The ACS's successful responses to AcsMethodRequest. */
export type AcsMethodResponse =
  | InformResponse
  | TransferCompleteResponse
  | AutonomousTransferCompleteResponse
  | GetRPCMethodsResponse
  | RequestDownloadResponse
  | KickedResponse
  | DUStateChangeCompleteResponse
  | AutonomousDUStateChangeCompleteResponse;

/** Every RPC request or response (everything but a Fault). */
export type RpcMessage = CpeMethodRequest | CpeMethodResponse | AcsMethodRequest | AcsMethodResponse;

/** What a SOAP Body holds: one RPC request or response, or a Fault. Discriminated by `name`. */
export type CwmpMessage = RpcMessage | CwmpFault;

export type CwmpMessageName = CwmpMessage['name'];

/** The message with the given name, e.g. MessageOf<'Inform'>. */
export type MessageOf<N extends CwmpMessageName> = Extract<CwmpMessage, { name: N }>;

/** The SOAP header elements (TR-069 Amendment 6, 3.5); absent ones are left out. */
export interface CwmpHeader {
  /** cwmp:ID; a response must echo its request's ID. Some CPEs omit it. */
  id?: string;
  /** ACS → CPE only. */
  holdRequests?: boolean;
  /** CPE → ACS, Inform only (1.3+): seconds the ACS should wait for the next message. */
  sessionTimeout?: number;
  /** CPE → ACS, Inform only (1.4): e.g. ["1.0", "1.4"], whitespace trimmed. */
  supportedCwmpVersions?: string[];
  /** ACS → CPE, InformResponse only (1.4). Send only to a CPE that sent SupportedCWMPVersions. */
  useCwmpVersion?: string;
  /** Obsolete (Issue 1): read if present, but never send it. */
  noMoreRequests?: boolean;
}

export interface CwmpEnvelope<M extends CwmpMessage = CwmpMessage> {
  /** The cwmp namespace URI used (decode) or to use (encode; default cwmp-1-0). Echo the CPE's. */
  namespace?: CwmpNamespace;
  header: CwmpHeader;
  body: M;
}
