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

/**
 * Prefixes routers use without declaring them (a Fault written by a firmware's own template, an
 * envelope assembled from strings), lower-cased, with the namespace each always means. Namespaces in
 * XML §5 makes an undeclared prefix an error; real CPEs send them anyway (issue 23), so decode()
 * reads these few as their usual namespaces when no declaration is in scope, and refuses any other.
 * An undeclared cwmp: names no version: it reads as cwmp-1-0 but never decides the envelope's.
 */
const WELL_KNOWN_PREFIXES: ReadonlyMap<string, string> = new Map([
  ['soap', SOAP_ENV_NS],
  ['soapenv', SOAP_ENV_NS],
  ['soap-env', SOAP_ENV_NS],
  ['soap_env', SOAP_ENV_NS],
  ['env', SOAP_ENV_NS],
  ['soapenc', SOAP_ENC_NS],
  ['soap-enc', SOAP_ENC_NS],
  ['soap_enc', SOAP_ENC_NS],
  ['enc', SOAP_ENC_NS],
  ['xsd', XSD_NS],
  ['xs', XSD_NS],
  ['xsi', XSI_NS],
  ['cwmp', DEFAULT_CWMP_NAMESPACE],
]);

/** The namespace an undeclared well-known `prefix` stands for (any case), or undefined. */
export function wellKnownNamespace(prefix: string): string | undefined {
  return prefix.length > 8 ? undefined : WELL_KNOWN_PREFIXES.get(prefix.toLowerCase());
}

/** The well-known prefixes, for error messages. */
export const WELL_KNOWN_PREFIX_NAMES: readonly string[] = [...WELL_KNOWN_PREFIXES.keys()];
