// Every failure of the codec carries a stable code from ERROR_CODES; every tolerated oddity a code
// from WARNING_CODES. Callers switch on the code, never on the message text.

/** Error codes of decode() and encode(), with what each means. */
export const ERROR_CODES = {
  CWMP_ERR_INPUT_TOO_LARGE: 'The input is larger than the maxBytes limit.',
  CWMP_ERR_EMPTY_INPUT: 'The input is empty or only whitespace (a CPE sends this as its empty POST).',
  CWMP_ERR_ENCODING:
    'The declared character encoding is unknown or unsupported, or the bytes are not valid UTF-8 (the default).',
  CWMP_ERR_XML_SYNTAX: 'The input is not well-formed XML.',
  CWMP_ERR_XML_TRUNCATED: 'The input ends inside the document.',
  CWMP_ERR_XML_ENTITY: 'An unknown entity or an invalid character reference.',
  CWMP_ERR_DOCTYPE: 'A DOCTYPE or entity declaration; refused to prevent XXE and entity expansion.',
  CWMP_ERR_DEPTH_LIMIT: 'Elements are nested deeper than the maxDepth limit.',
  CWMP_ERR_ELEMENT_LIMIT: 'The document has more elements than the maxElements limit.',
  CWMP_ERR_TEXT_LIMIT: 'A text node is longer than the maxTextLength limit.',
  CWMP_ERR_NAME_LIMIT: 'An element or attribute name is longer than the maxNameLength limit.',
  CWMP_ERR_ATTRIBUTE_LIMIT:
    'An element has more attributes than maxAttributes, or a value longer than maxAttributeValueLength.',
  CWMP_ERR_NAMESPACE_LIMIT:
    'More namespace declarations on one element than maxNamespacesPerElement, or in the document than maxNamespaces.',
  CWMP_ERR_NOT_SOAP_ENVELOPE: 'The root element is not a SOAP 1.1 Envelope.',
  CWMP_ERR_NO_BODY: 'The SOAP envelope has no Body.',
  CWMP_ERR_EMPTY_BODY: 'The SOAP Body holds no RPC.',
  CWMP_ERR_MULTIPLE_RPCS: 'The SOAP Body holds more than one RPC (CWMP allows one per envelope).',
  CWMP_ERR_UNKNOWN_NAMESPACE: 'The RPC element is not in a urn:dslforum-org:cwmp-1-N namespace.',
  CWMP_ERR_UNDECLARED_PREFIX:
    'The Envelope, Body or RPC element uses a prefix that is neither declared nor well known (soap:, cwmp:...).',
  CWMP_ERR_UNKNOWN_METHOD: 'The RPC is not a CWMP method this codec knows (answer with fault 8000/9000).',
  CWMP_ERR_MISSING_ELEMENT: 'A required argument of the RPC is missing (answer with fault 8003/9003).',
  CWMP_ERR_INVALID_VALUE: 'An argument of the RPC has an invalid value (answer with fault 8003/9003).',
  CWMP_ERR_INVALID_CHAR: 'encode(): a string holds a character that XML 1.0 cannot carry.',
  CWMP_ERR_ENCODE_VALUE: 'encode(): a field has a value of the wrong kind (e.g. a non-integer number).',
  CWMP_ERR_INTERNAL: 'An unexpected internal failure (a bug); the input was not decoded.',
} as const;

export type CwmpErrorCode = keyof typeof ERROR_CODES;

/** Warning codes: what decode() tolerated, with what each means. */
export const WARNING_CODES = {
  CWMP_WARN_ARRAY_TYPE: 'A SOAP array has no soap-enc:arrayType, or one whose count or type is wrong.',
  CWMP_WARN_MISSING_XSI_TYPE: 'A parameter Value has no xsi:type; it was read as a string.',
  CWMP_WARN_UNKNOWN_XSI_TYPE: 'A parameter Value has an xsi:type outside TR-106; it was read as a string.',
  CWMP_WARN_INVALID_VALUE: 'A parameter value does not match its xsi:type; its typed value is null.',
  CWMP_WARN_MISSING_FIELD: 'An optional argument was missing; its default was used.',
  CWMP_WARN_UNQUALIFIED_RPC: 'The RPC element had no namespace; it was matched by its name.',
  CWMP_WARN_UNDECLARED_PREFIX:
    'A well-known prefix (soap:, SOAP-ENV:, cwmp:, xsd:...) was used without a declaration; it was read as its usual namespace.',
  CWMP_WARN_MUST_UNDERSTAND: 'An unknown header element carries mustUnderstand="1"; it was ignored.',
  CWMP_WARN_FAULT_STRUCT_TEXT:
    'A FaultStruct was given as bare text (e.g. "0") instead of FaultCode/FaultString.',
  CWMP_WARN_NO_CWMP_FAULT: 'A SOAP Fault has no cwmp:Fault detail; faultCode is 0.',
  CWMP_WARN_REPLACEMENT_CHAR:
    'The input bytes were not valid in the declared encoding (one other than UTF-8, which is refused instead); U+FFFD was substituted.',
} as const;

export type CwmpWarningCode = keyof typeof WARNING_CODES;

export interface CwmpWarning {
  readonly code: CwmpWarningCode;
  readonly message: string;
}

/** Header fields known when a decode failed late (so the server can echo cwmp:ID in its fault). */
export interface CwmpErrorContext {
  /** cwmp:ID of the failed envelope, when its header was read. */
  id?: string;
  /** Local name of the RPC element, when the body was reached. */
  method?: string;
  /** The cwmp namespace URI of the failed envelope, when known. */
  namespace?: string;
}

/** Base class: a codec failure with a stable code from ERROR_CODES. */
export class CwmpError extends Error {
  readonly code: CwmpErrorCode;
  context: CwmpErrorContext;
  constructor(code: CwmpErrorCode, detail: string, context: CwmpErrorContext = {}) {
    super(`${code}: ${detail}`);
    this.name = 'CwmpError';
    this.code = code;
    this.context = context;
  }
}

/** Thrown by decode(): the input is not a CWMP envelope this codec accepts. */
export class CwmpParseError extends CwmpError {
  /** Offset in the decoded text where the problem was found, when it is an XML-level error. */
  readonly offset: number | undefined;
  constructor(code: CwmpErrorCode, detail: string, offset?: number) {
    super(code, offset === undefined ? detail : `${detail} (at offset ${offset})`);
    this.name = 'CwmpParseError';
    this.offset = offset;
  }
}

/** Thrown by encode(): the message cannot be written as XML. */
export class CwmpEncodeError extends CwmpError {
  constructor(code: CwmpErrorCode, detail: string) {
    super(code, detail);
    this.name = 'CwmpEncodeError';
  }
}
