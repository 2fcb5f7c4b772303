// Namespace URIs (TR-069 Amendment 6, 3.5). CWMP 1.3 and 1.4 still use urn:dslforum-org:cwmp-1-2 (the
// targetNamespace of cwmp-1-3.xsd and cwmp-1-4.xsd); the cwmp-1-3 and cwmp-1-4 URNs are not BBF's
// but appear in the wild, so any cwmp-1-N is accepted.

export const SOAP_ENV_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
export const SOAP_ENC_NS = 'http://schemas.xmlsoap.org/soap/encoding/';
export const XSD_NS = 'http://www.w3.org/2001/XMLSchema';
export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';

const CWMP_PREFIX = 'urn:dslforum-org:cwmp-1-';

/** The cwmp namespace URIs this codec accepts, oldest first. */
export const CWMP_NAMESPACES = [
  'urn:dslforum-org:cwmp-1-0',
  'urn:dslforum-org:cwmp-1-1',
  'urn:dslforum-org:cwmp-1-2',
  'urn:dslforum-org:cwmp-1-3',
  'urn:dslforum-org:cwmp-1-4',
] as const;

export type CwmpNamespace = (typeof CWMP_NAMESPACES)[number];

/** Namespace used by encode() when the envelope names none: the one every CPE understands. */
export const DEFAULT_CWMP_NAMESPACE: CwmpNamespace = 'urn:dslforum-org:cwmp-1-0';

/** Is `uri` one of urn:dslforum-org:cwmp-1-0 ... cwmp-1-4? */
export function isCwmpNamespace(uri: string | undefined): uri is CwmpNamespace {
  return (
    uri !== undefined &&
    uri.length === CWMP_PREFIX.length + 1 &&
    uri.startsWith(CWMP_PREFIX) &&
    uri.charCodeAt(CWMP_PREFIX.length) >= 48 &&
    uri.charCodeAt(CWMP_PREFIX.length) <= 52
  );
}

/** Minor version N of urn:dslforum-org:cwmp-1-N. */
export function namespaceMinor(ns: CwmpNamespace): number {
  return ns.charCodeAt(CWMP_PREFIX.length) - 48;
}
