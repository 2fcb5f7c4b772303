// @provisor/cwmp: the CWMP (TR-069) codec. Pure: no I/O, no module-level mutable state.
// See ../README.md for the API and its choices.
export { decode, DEFAULT_DECODE_OPTIONS } from './decode';
export type { DecodeOptions, DecodeResult, DecodedEnvelope } from './decode';
export { encode } from './encode';
export { CwmpError, CwmpParseError, CwmpEncodeError, ERROR_CODES, WARNING_CODES } from './errors';
export type { CwmpErrorCode, CwmpErrorContext, CwmpWarning, CwmpWarningCode } from './errors';
export type {
  AcsMethodRequest,
  AcsMethodResponse,
  CpeMethodRequest,
  CpeMethodResponse,
  CwmpEnvelope,
  CwmpHeader,
  CwmpMessage,
  CwmpMessageName,
  MessageOf,
  RpcMessage,
} from './message';
export {
  CWMP_NAMESPACES,
  DEFAULT_CWMP_NAMESPACE,
  SOAP_ENC_NS,
  SOAP_ENV_NS,
  XSD_NS,
  XSI_NS,
  isCwmpNamespace,
} from './namespaces';
export type { CwmpNamespace } from './namespaces';
export { XSD_TYPES, formatTypedValue, parameterValue, parseTypedValue, writableValueProblem } from './values';
export type { ParameterValue, XsdType, XsdValueTypes } from './values';
export type { FaultStruct } from './structs';
export { ACS_FAULTS, CPE_FAULTS, faultName, soapFaultCodeFor } from './faults';
export { cwmpFault } from './rpc/fault';
export type { CwmpFault, SetParameterValuesFault } from './rpc/fault';
export {
  ACS_METHOD_NAMES,
  CPE_METHOD_NAMES,
  RPC_NAMES,
  isAcsMethodRequest,
  isCpeMethodRequest,
  isCpeMethodResponse,
} from './rpc/registry';
export * from './events';
export { CWMP_VERSIONS, negotiateVersion, namespaceForVersion, versionOfNamespace } from './version';
export type { CwmpVersion, NegotiationResult } from './version';

export type * from './rpc/add-object';
export type * from './rpc/autonomous-du-state-change-complete';
export type * from './rpc/autonomous-transfer-complete';
export type * from './rpc/cancel-transfer';
export type * from './rpc/change-du-state';
export type * from './rpc/delete-object';
export type * from './rpc/download';
export type * from './rpc/du-state-change-complete';
export type * from './rpc/factory-reset';
export type * from './rpc/get-all-queued-transfers';
export type * from './rpc/get-parameter-attributes';
export type * from './rpc/get-parameter-names';
export type * from './rpc/get-parameter-values';
export type * from './rpc/get-queued-transfers';
export type * from './rpc/get-rpc-methods';
export type * from './rpc/inform';
export type * from './rpc/kicked';
export type * from './rpc/reboot';
export type * from './rpc/request-download';
export type * from './rpc/schedule-download';
export type * from './rpc/schedule-inform';
export type * from './rpc/set-parameter-attributes';
export type * from './rpc/set-parameter-values';
export type * from './rpc/transfer-complete';
export type * from './rpc/upload';
export {
  buildDigestAuthorization,
  buildDigestChallenge,
  computeDigestResponse,
  decodeBasicCredentials,
  parseAuthHeader,
  parseDigestAlgorithm,
  verifyDigestResponse,
} from './http-digest';
export type { AuthChallenge, DigestAlgorithm, DigestHash, DigestInputs } from './http-digest';

// HTTP Digest helpers (added beside the codec by the lead; re-exported so the server and the
// simulator can reach them through the package entry).
export * from './http-digest';
