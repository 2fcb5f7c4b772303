// decode(): bytes or text → CwmpEnvelope. Pure: all state lives in this call.
import { CwmpError, CwmpParseError } from './errors';
import type { CwmpErrorCode, CwmpErrorContext, CwmpWarning } from './errors';
import { warn } from './fields';
import type { DecodeContext } from './fields';
import type { CwmpEnvelope, CwmpHeader, CwmpMessage } from './message';
import { DEFAULT_CWMP_NAMESPACE, SOAP_ENV_NS, WELL_KNOWN_PREFIX_NAMES, isCwmpNamespace } from './namespaces';
import type { CwmpNamespace } from './namespaces';
import { cwmpFaultElement, decodeFault } from './rpc/fault';
import { codecFor } from './rpc/registry';
import { decodeBytes } from './xml/bytes';
import { attrByLocalName, childrenOf, namespaceOf, prefixDeclared } from './xml/element';
import type { XmlElement } from './xml/element';
import { parseXml } from './xml/scanner';

/** Resource limits; each has a default (DEFAULT_DECODE_OPTIONS). */
export interface DecodeOptions {
  /** Largest input: bytes for a Uint8Array, UTF-16 code units for a string. */
  maxBytes?: number;
  /** Deepest element nesting (a CWMP envelope needs about 8). */
  maxDepth?: number;
  /** Most elements in one document (a 10,000-parameter GPV response has about 30,000). */
  maxElements?: number;
  /** Longest text of one element, in characters. */
  maxTextLength?: number;
  /** Longest element or attribute name, prefix included (CWMP's longest is under 50). */
  maxNameLength?: number;
  /** Most attributes on one element, namespace declarations not counted (CWMP uses 1 or 2). */
  maxAttributes?: number;
  /** Longest attribute value, namespace URIs included, in characters as written. */
  maxAttributeValueLength?: number;
  /** Most namespace declarations on one element (a CWMP Envelope declares 5 to 10). */
  maxNamespacesPerElement?: number;
  /** Most namespace declarations in the whole document. */
  maxNamespaces?: number;
}

export const DEFAULT_DECODE_OPTIONS: Readonly<Required<DecodeOptions>> = Object.freeze({
  maxBytes: 8 * 1024 * 1024,
  maxDepth: 32,
  maxElements: 250_000,
  maxTextLength: 256 * 1024,
  maxNameLength: 256,
  maxAttributes: 64,
  maxAttributeValueLength: 1024,
  maxNamespacesPerElement: 32,
  maxNamespaces: 256,
});

/** An envelope as decoded: its namespace is always known. */
export interface DecodedEnvelope<M extends CwmpMessage = CwmpMessage> extends CwmpEnvelope<M> {
  namespace: CwmpNamespace;
}

export interface DecodeResult {
  envelope: DecodedEnvelope;
  /** The Body's message (the same object as envelope.body). */
  message: CwmpMessage;
  /** Oddities that were tolerated (WARNING_CODES). */
  warnings: CwmpWarning[];
}

function booleanText(el: XmlElement): boolean {
  const t = el.text.trim();
  if (t === 'true' || t === '1') return true;
  if (t === 'false' || t === '0') return false;
  throw new CwmpParseError(
    'CWMP_ERR_INVALID_VALUE',
    `header ${el.name}: "${t.slice(0, 40)}" is not a boolean`,
  );
}

function decodeHeader(
  el: XmlElement,
  ctx: DecodeContext,
): { header: CwmpHeader; ns: CwmpNamespace | undefined } {
  const header: CwmpHeader = {};
  let ns: CwmpNamespace | undefined;
  for (const h of childrenOf(el)) {
    const hns = namespaceOf(h);
    // Tolerated: an unqualified header element, matched by its name.
    if (!isCwmpNamespace(hns) && hns !== '') {
      if (attrByLocalName(h, 'mustUnderstand')?.trim() === '1') {
        warn(ctx, 'CWMP_WARN_MUST_UNDERSTAND', `header ${h.qname} ignored`);
      }
      continue;
    }
    if (isCwmpNamespace(hns) && prefixDeclared(h)) ns ??= hns;
    switch (h.name) {
      case 'ID':
        header.id = h.text;
        break;
      case 'HoldRequests':
        header.holdRequests = booleanText(h);
        break;
      case 'SessionTimeout': {
        const t = h.text.trim();
        const n = Number(t);
        if (t === '' || !Number.isSafeInteger(n) || n < 0) {
          throw new CwmpParseError('CWMP_ERR_INVALID_VALUE', `SessionTimeout "${t.slice(0, 40)}"`);
        }
        header.sessionTimeout = n;
        break;
      }
      case 'SupportedCWMPVersions':
        // TR-069 Amendment 6, 3.5: a comma-separated list; icwmp sends "1.0, 1.1, ...", so trim each entry.
        header.supportedCwmpVersions = h.text
          .split(',')
          .map((v) => v.trim())
          .filter((v) => v !== '');
        break;
      case 'UseCWMPVersion':
        header.useCwmpVersion = h.text.trim();
        break;
      case 'NoMoreRequests':
        header.noMoreRequests = booleanText(h);
        break;
      default:
        if (attrByLocalName(h, 'mustUnderstand')?.trim() === '1') {
          warn(ctx, 'CWMP_WARN_MUST_UNDERSTAND', `header ${h.qname} ignored`);
        }
    }
  }
  return { header, ns };
}

/** What is known of a failed envelope, so the server can echo cwmp:ID in its fault. */
function errorContext(header: CwmpHeader, ns: CwmpNamespace | undefined, method?: string): CwmpErrorContext {
  const c: CwmpErrorContext = {};
  if (header.id !== undefined) c.id = header.id;
  if (method !== undefined) c.method = method;
  if (ns !== undefined) c.namespace = ns;
  return c;
}

function failWith(code: CwmpErrorCode, detail: string, context: CwmpErrorContext): CwmpParseError {
  const e = new CwmpParseError(code, detail);
  e.context = context;
  return e;
}

/** The error for an element whose prefix is neither declared nor well known, saying what to fix. */
function undeclared(el: XmlElement, uri: string, context: CwmpErrorContext = {}): CwmpParseError {
  return failWith(
    'CWMP_ERR_UNDECLARED_PREFIX',
    `the prefix "${el.prefix}" of <${el.qname}> is not declared: declare it (xmlns:${el.prefix}="${uri}") ` +
      `or use a well-known prefix (${WELL_KNOWN_PREFIX_NAMES.map((p) => `${p}:`).join(', ')})`,
    context,
  );
}

/** Notes, once per prefix, an element read through an undeclared well-known prefix. */
function noteImplicit(el: XmlElement, ctx: DecodeContext, seen: Set<string>): void {
  if (prefixDeclared(el) || seen.has(el.prefix)) return;
  seen.add(el.prefix);
  warn(ctx, 'CWMP_WARN_UNDECLARED_PREFIX', `prefix "${el.prefix}" of <${el.qname}> is not declared`);
}

/** A cwmp namespace written through a declared prefix: an undeclared cwmp: names no version. */
function declaredCwmp(el: XmlElement | undefined): CwmpNamespace | undefined {
  if (el === undefined) return undefined;
  const ns = namespaceOf(el);
  return isCwmpNamespace(ns) && prefixDeclared(el) ? ns : undefined;
}

function decodeText(xml: string, opts: Required<DecodeOptions>, ctx: DecodeContext): DecodedEnvelope {
  const root = parseXml(xml, opts);
  if (root.name === 'Envelope' && namespaceOf(root) === undefined) throw undeclared(root, SOAP_ENV_NS);
  if (root.name !== 'Envelope' || namespaceOf(root) !== SOAP_ENV_NS) {
    throw new CwmpParseError('CWMP_ERR_NOT_SOAP_ENVELOPE', `root element is <${root.qname}>`);
  }
  const implicit = new Set<string>();
  noteImplicit(root, ctx, implicit);
  let headerEl: XmlElement | undefined;
  let bodyEl: XmlElement | undefined;
  for (const c of childrenOf(root)) {
    if (namespaceOf(c) === undefined && (c.name === 'Header' || c.name === 'Body'))
      throw undeclared(c, SOAP_ENV_NS);
    if (namespaceOf(c) !== SOAP_ENV_NS) continue;
    noteImplicit(c, ctx, implicit);
    if (c.name === 'Header') headerEl ??= c;
    else if (c.name === 'Body') bodyEl ??= c;
  }
  const { header, ns: headerNs } = headerEl ? decodeHeader(headerEl, ctx) : { header: {}, ns: undefined };
  if (bodyEl === undefined)
    throw failWith('CWMP_ERR_NO_BODY', 'the envelope has no soap Body', errorContext(header, headerNs));
  const rpcs = childrenOf(bodyEl);
  if (rpcs.length === 0)
    throw failWith('CWMP_ERR_EMPTY_BODY', 'the soap Body is empty', errorContext(header, headerNs));
  if (rpcs.length > 1)
    throw failWith(
      'CWMP_ERR_MULTIPLE_RPCS',
      `the soap Body holds ${rpcs.length} elements`,
      errorContext(header, headerNs),
    );
  const rpc = rpcs[0] as XmlElement;
  const rpcNs = namespaceOf(rpc);
  let body: CwmpMessage;
  let ns: CwmpNamespace | undefined = headerNs;
  try {
    if (rpcNs === SOAP_ENV_NS && rpc.name === 'Fault') {
      noteImplicit(rpc, ctx, implicit);
      const detail = cwmpFaultElement(rpc);
      if (detail !== undefined) noteImplicit(detail, ctx, implicit);
      ns = declaredCwmp(detail) ?? ns;
      body = decodeFault(rpc, ctx);
    } else {
      if (isCwmpNamespace(rpcNs)) {
        noteImplicit(rpc, ctx, implicit);
        ns = declaredCwmp(rpc) ?? ns;
      } else if (rpcNs === '') warn(ctx, 'CWMP_WARN_UNQUALIFIED_RPC', `<${rpc.qname}> has no namespace`);
      else if (rpcNs === undefined) {
        throw undeclared(rpc, DEFAULT_CWMP_NAMESPACE, errorContext(header, headerNs, rpc.name));
      } else {
        const detail = `<${rpc.qname}> is in namespace "${rpcNs}"`;
        throw failWith('CWMP_ERR_UNKNOWN_NAMESPACE', detail, errorContext(header, headerNs, rpc.name));
      }
      const codec = codecFor(rpc.name);
      if (codec === undefined) {
        throw failWith(
          'CWMP_ERR_UNKNOWN_METHOD',
          `unknown method ${rpc.name}`,
          errorContext(header, headerNs, rpc.name),
        );
      }
      body = codec.decode(rpc, ctx);
    }
  } catch (e) {
    // Arguments errors keep the header, so the server can answer 8003/9003 echoing cwmp:ID.
    if (e instanceof CwmpError && Object.keys(e.context).length === 0) {
      e.context = errorContext(header, ns, rpc.name);
    }
    throw e;
  }
  return { namespace: ns ?? DEFAULT_CWMP_NAMESPACE, header, body };
}

/**
 * Decodes one CWMP SOAP envelope. `input` may be text or the raw request bytes (decoded per BOM or
 * XML declaration, UTF-8 by default). Throws CwmpParseError, and nothing else, when the input is
 * not an envelope this codec accepts; a CWMP fault in the Body is a message, not an error.
 */
export function decode(input: string | Uint8Array, options?: DecodeOptions): DecodeResult {
  const opts: Required<DecodeOptions> = options
    ? { ...DEFAULT_DECODE_OPTIONS, ...options }
    : DEFAULT_DECODE_OPTIONS;
  const warnings: CwmpWarning[] = [];
  try {
    let xml: string;
    if (typeof input === 'string') {
      if (input.length > opts.maxBytes) {
        throw new CwmpParseError('CWMP_ERR_INPUT_TOO_LARGE', `${input.length} characters > ${opts.maxBytes}`);
      }
      xml = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
    } else {
      if (input.byteLength > opts.maxBytes) {
        throw new CwmpParseError('CWMP_ERR_INPUT_TOO_LARGE', `${input.byteLength} bytes > ${opts.maxBytes}`);
      }
      xml = decodeBytes(input, warnings);
    }
    if (xml.trim() === '') throw new CwmpParseError('CWMP_ERR_EMPTY_INPUT', 'no envelope (an empty POST)');
    const envelope = decodeText(xml, opts, { warnings });
    return { envelope, message: envelope.body, warnings };
  } catch (e) {
    if (e instanceof CwmpParseError) throw e;
    // The promise is "CwmpParseError or a message"; anything else is a bug, reported as such.
    const err = new CwmpParseError('CWMP_ERR_INTERNAL', e instanceof Error ? e.message : String(e));
    if (e instanceof CwmpError) err.context = e.context;
    throw err;
  }
}
