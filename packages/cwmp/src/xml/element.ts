// The light element tree the scanner builds, and the read helpers the RPC decoders use.
// Match namespaces by URI and children by local name, never by prefix: prefixes are arbitrary
// (CPEs write SOAP-ENV, soapenv, ...), and some CPEs qualify children the schemas leave unqualified.
import { wellKnownNamespace } from '../namespaces';

/** One namespace declaration; scopes form an immutable linked list from an element up to the root. */
export interface NsScope {
  readonly prefix: string;
  readonly uri: string;
  readonly parent: NsScope | null;
}

export interface XmlElement {
  /** The tag name as written, e.g. "soapenv:Body". */
  readonly qname: string;
  readonly prefix: string;
  /** Local name, e.g. "Body". */
  readonly name: string;
  /** Namespace URI of the element, resolved when scanned; '' for none, undefined for an undeclared prefix. */
  readonly ns: string | undefined;
  /** Flat [qname, value, qname, value, ...] of the non-xmlns attributes, values decoded; or null. */
  readonly attrs: string[] | null;
  /** Child elements in order, or null for a leaf. */
  children: XmlElement[] | null;
  /** Decoded character data of a leaf (CDATA included); '' once the element has children. */
  text: string;
  /** Namespace declarations in scope at this element (its own included). */
  readonly scope: NsScope | null;
}

/**
 * Namespace URI bound to `prefix` at `el`; '' for no namespace; the usual namespace of an undeclared
 * well-known prefix (namespaces.ts); undefined for any other undeclared prefix. For prefixes inside
 * values (xsi:type="soap-enc:base64"); walks at most maxNamespaces declarations.
 */
export function resolvePrefix(el: XmlElement, prefix: string): string | undefined {
  for (let s = el.scope; s !== null; s = s.parent) {
    if (s.prefix === prefix) return s.uri;
  }
  if (prefix === '') return '';
  if (prefix === 'xml') return 'http://www.w3.org/XML/1998/namespace';
  return wellKnownNamespace(prefix);
}

/** Whether the element's own prefix is declared in scope (no prefix counts as declared). */
export function prefixDeclared(el: XmlElement): boolean {
  if (el.prefix === '' || el.prefix === 'xml') return true;
  for (let s = el.scope; s !== null; s = s.parent) if (s.prefix === el.prefix) return true;
  return false;
}

/** Namespace URI of the element itself (undefined when its prefix is undeclared). */
export function namespaceOf(el: XmlElement): string | undefined {
  return el.ns;
}

/** Value of the first attribute with this local name, whatever its prefix. */
export function attrByLocalName(el: XmlElement, local: string): string | undefined {
  const a = el.attrs;
  if (a === null) return undefined;
  for (let i = 0; i < a.length; i += 2) {
    const q = a[i] as string;
    if (q === local || (q.endsWith(local) && q.charCodeAt(q.length - local.length - 1) === 58)) {
      return a[i + 1];
    }
  }
  return undefined;
}

/** First child with this local name. */
export function childNamed(el: XmlElement, name: string): XmlElement | undefined {
  const c = el.children;
  if (c === null) return undefined;
  for (let i = 0; i < c.length; i++) {
    const e = c[i] as XmlElement;
    if (e.name === name) return e;
  }
  return undefined;
}

/** Child elements, or an empty array. */
export function childrenOf(el: XmlElement): readonly XmlElement[] {
  return el.children ?? EMPTY;
}

const EMPTY: readonly XmlElement[] = Object.freeze([]);
