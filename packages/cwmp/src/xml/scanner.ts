// A single-pass XML scanner over a string (indexOf/charCodeAt, no regular expressions) that builds
// the light element tree of element.ts. It implements what SOAP from CPEs needs: elements,
// attributes, namespace declarations, text, CDATA, comments, processing instructions, the five
// predefined entities and character references. DOCTYPE and entity declarations are refused
// (XXE, billion laughs). Every loop advances `pos`, so no input can make it hang, and every count
// or length a sender controls has a limit (XmlLimits), so no input of maxBytes can make it slow:
// a name or an attribute value is scanned once, and each element's namespace is resolved as it is
// scanned, in one map lookup.
import { CwmpParseError } from '../errors';
import type { NsScope, XmlElement } from './element';
import { decodeEntities } from './entities';
import { wellKnownNamespace } from '../namespaces';

export interface XmlLimits {
  readonly maxDepth: number;
  readonly maxElements: number;
  readonly maxTextLength: number;
  /** Longest element or attribute name, prefix included. */
  readonly maxNameLength: number;
  /** Most attributes on one element, namespace declarations not counted. */
  readonly maxAttributes: number;
  /** Longest attribute value (namespace URIs included), counted as written. */
  readonly maxAttributeValueLength: number;
  /** Most namespace declarations (xmlns, xmlns:p) on one element. */
  readonly maxNamespacesPerElement: number;
  /** Most namespace declarations in the whole document. */
  readonly maxNamespaces: number;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13;
}

function syntax(detail: string, at: number): CwmpParseError {
  return new CwmpParseError('CWMP_ERR_XML_SYNTAX', detail, at);
}

function truncated(at: number): CwmpParseError {
  return new CwmpParseError('CWMP_ERR_XML_TRUNCATED', 'unexpected end of input', at);
}

/** Text as XML delivers it: line ends normalised (XML 1.0 §2.11), then references decoded. */
function textValue(raw: string): string {
  // Normalising first keeps a &#13; reference as a CR, as XML requires. split/join rather than a
  // regular expression: a few times faster on text of many line ends.
  let r = raw;
  if (r.indexOf('\r') !== -1) {
    r = r.split('\r\n').join('\n');
    if (r.indexOf('\r') !== -1) r = r.split('\r').join('\n');
  }
  return r.indexOf('&') === -1 ? r : decodeEntities(r);
}

function tooLong(limits: XmlLimits, at: number): CwmpParseError {
  return new CwmpParseError('CWMP_ERR_TEXT_LIMIT', `text longer than ${limits.maxTextLength}`, at);
}

function nameTooLong(xml: string, from: number, to: number, limits: XmlLimits): CwmpParseError {
  // The name itself is left out of the message: the server may echo it, and it can be megabytes.
  const head = xml.slice(from, from + 40);
  return new CwmpParseError(
    'CWMP_ERR_NAME_LIMIT',
    `a name of ${to - from} characters ("${head}...") is longer than ${limits.maxNameLength}`,
    from,
  );
}

const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/**
 * Undoes, in `bound`, the declarations of an element that closes: the scope nodes from `inner` up
 * to (not including) `outer`. Each prefix gets back the binding it had outside the element.
 */
function unbind(bound: Map<string, string>, inner: NsScope | null, outer: NsScope | null): void {
  for (let s = inner; s !== outer && s !== null; s = s.parent) {
    let prev = s.parent;
    while (prev !== null && prev.prefix !== s.prefix) prev = prev.parent;
    if (prev === null) bound.delete(s.prefix);
    else bound.set(s.prefix, prev.uri);
  }
}

function appendText(el: XmlElement, piece: string, limits: XmlLimits, at: number): void {
  if (el.text.length + piece.length > limits.maxTextLength) throw tooLong(limits, at);
  el.text = el.text === '' ? piece : el.text + piece;
}

function onlySpace(xml: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isSpace(xml.charCodeAt(i))) return false;
  return true;
}

/** Parses `xml` into its root element. Throws CwmpParseError, nothing else. */
export function parseXml(xml: string, limits: XmlLimits): XmlElement {
  const len = xml.length;
  const stack: XmlElement[] = [];
  let current: XmlElement | null = null;
  let root: XmlElement | null = null;
  let scope: NsScope | null = null;
  // The bindings in scope, prefix → URI ('' for the default namespace), kept beside the scope chain
  // so an element's own namespace is one lookup: walking the chain for each of 250,000 elements
  // under 250,000 declarations took minutes.
  const bound = new Map<string, string>();
  let count = 0;
  let namespaces = 0;
  let pos = 0;

  // The first text segment of the current element is kept as offsets and only sliced when the
  // element closes as a leaf: whitespace between child elements is never copied.
  let pendStart = -1;
  let pendEnd = -1;

  while (pos < len) {
    const lt = xml.indexOf('<', pos);
    const textEnd = lt === -1 ? len : lt;
    if (textEnd > pos) {
      if (current === null) {
        if (!onlySpace(xml, pos, textEnd)) throw syntax('text outside the root element', pos);
      } else if (current.children === null) {
        if (textEnd - pos > limits.maxTextLength) throw tooLong(limits, pos);
        if (pendStart === -1 && current.text === '') {
          pendStart = pos;
          pendEnd = textEnd;
        } else {
          if (pendStart !== -1) {
            current.text = textValue(xml.slice(pendStart, pendEnd));
            pendStart = -1;
          }
          appendText(current, textValue(xml.slice(pos, textEnd)), limits, pos);
        }
      }
    }
    if (lt === -1) break;
    const c = xml.charCodeAt(lt + 1);

    if (c === 47) {
      // End tag.
      if (current === null) throw syntax('end tag without a start tag', lt);
      const q = current.qname;
      const after = lt + 2 + q.length;
      if (!xml.startsWith(q, lt + 2)) {
        if (after > len) throw truncated(lt);
        throw syntax(`end tag does not match <${q}>`, lt);
      }
      let p = after;
      while (p < len && isSpace(xml.charCodeAt(p))) p++;
      if (p >= len) throw truncated(lt);
      if (xml.charCodeAt(p) !== 62) throw syntax(`end tag does not match <${q}>`, lt);
      pos = p + 1;
      if (pendStart !== -1) {
        current.text = textValue(xml.slice(pendStart, pendEnd));
        pendStart = -1;
      }
      stack.pop();
      const closed = current;
      current = stack.length === 0 ? null : (stack[stack.length - 1] as XmlElement);
      scope = current === null ? null : current.scope;
      if (closed.scope !== scope) unbind(bound, closed.scope, scope);
      continue;
    }

    if (c === 33) {
      // <!-- comment -->, <![CDATA[...]]>, or a declaration we refuse.
      if (xml.startsWith('--', lt + 2)) {
        const end = xml.indexOf('-->', lt + 4);
        if (end === -1) throw truncated(lt);
        pos = end + 3;
        continue;
      }
      if (xml.startsWith('[CDATA[', lt + 2)) {
        const end = xml.indexOf(']]>', lt + 9);
        if (end === -1) throw truncated(lt);
        if (current === null) throw syntax('CDATA outside the root element', lt);
        if (current.children === null) {
          if (end - lt - 9 > limits.maxTextLength) throw tooLong(limits, lt);
          if (pendStart !== -1) {
            current.text = textValue(xml.slice(pendStart, pendEnd));
            pendStart = -1;
          }
          appendText(current, xml.slice(lt + 9, end), limits, lt);
        }
        pos = end + 3;
        continue;
      }
      const decl = xml.slice(lt + 2, lt + 9).toUpperCase();
      if (decl === 'DOCTYPE' || decl.startsWith('ENTITY')) {
        throw new CwmpParseError('CWMP_ERR_DOCTYPE', 'DOCTYPE and entity declarations are not accepted', lt);
      }
      if (lt + 9 > len) throw truncated(lt);
      throw syntax('unknown markup declaration', lt);
    }

    if (c === 63) {
      // Processing instruction or the XML declaration; the encoding was handled before decoding.
      const end = xml.indexOf('?>', lt + 2);
      if (end === -1) throw truncated(lt);
      pos = end + 2;
      continue;
    }

    // Start tag.
    let p = lt + 1;
    const nameStart = p;
    while (p < len) {
      const ch = xml.charCodeAt(p);
      if (isSpace(ch) || ch === 47 || ch === 62) break;
      if (ch === 60 || ch === 61 || ch === 34 || ch === 39 || ch === 38) throw syntax('invalid tag name', p);
      p++;
    }
    if (p >= len) throw truncated(lt);
    if (p === nameStart) throw syntax('a "<" that starts no tag', lt);
    if (p - nameStart > limits.maxNameLength) throw nameTooLong(xml, nameStart, p, limits);
    const qname = xml.slice(nameStart, p);
    let attrs: string[] | null = null;
    let elScope = scope;
    let selfClosing = false;
    let attrCount = 0;
    let nsCount = 0;
    for (;;) {
      let ch = xml.charCodeAt(p);
      while (isSpace(ch)) ch = xml.charCodeAt(++p);
      if (p >= len) throw truncated(lt);
      if (ch === 62) {
        p++;
        break;
      }
      if (ch === 47) {
        if (p + 1 >= len) throw truncated(lt);
        if (xml.charCodeAt(p + 1) !== 62) throw syntax('"/" not followed by ">"', p);
        selfClosing = true;
        p += 2;
        break;
      }
      const an = p;
      while (p < len) {
        ch = xml.charCodeAt(p);
        if (ch === 61 || isSpace(ch) || ch === 62 || ch === 47) break;
        if (ch === 60 || ch === 34 || ch === 39 || ch === 38) throw syntax('invalid attribute name', p);
        p++;
      }
      if (p >= len) throw truncated(lt);
      if (p === an) throw syntax('attribute without a name', p);
      if (p - an > limits.maxNameLength) throw nameTooLong(xml, an, p, limits);
      const aname = xml.slice(an, p);
      while (isSpace(ch)) ch = xml.charCodeAt(++p);
      if (p >= len) throw truncated(lt);
      if (ch !== 61) throw syntax(`attribute ${aname} has no value`, p);
      ch = xml.charCodeAt(++p);
      while (isSpace(ch)) ch = xml.charCodeAt(++p);
      if (p >= len) throw truncated(lt);
      if (ch !== 34 && ch !== 39) throw syntax(`attribute ${aname} value is not quoted`, p);
      const vEnd = xml.indexOf(ch === 34 ? '"' : "'", p + 1);
      if (vEnd === -1) throw truncated(lt);
      // Checked as written, before entities are decoded: decoding only shortens a value.
      if (vEnd - p - 1 > limits.maxAttributeValueLength) {
        throw new CwmpParseError(
          'CWMP_ERR_ATTRIBUTE_LIMIT',
          `attribute ${aname} has a value of ${vEnd - p - 1} characters, more than ${limits.maxAttributeValueLength}`,
          p,
        );
      }
      let value = xml.slice(p + 1, vEnd);
      if (value.indexOf('<') !== -1) throw syntax('"<" in an attribute value', p);
      if (value.indexOf('&') !== -1) value = decodeEntities(value);
      p = vEnd + 1;
      if (aname.startsWith('xmlns') && (aname.length === 5 || aname.charCodeAt(5) === 58)) {
        // A CWMP envelope declares 5 to 10 namespaces, so both bounds leave ample room; they keep
        // resolvePrefix's walk of the scope chain short.
        if (++nsCount > limits.maxNamespacesPerElement) {
          throw new CwmpParseError(
            'CWMP_ERR_NAMESPACE_LIMIT',
            `more than ${limits.maxNamespacesPerElement} namespace declarations on <${qname}>`,
            an,
          );
        }
        if (++namespaces > limits.maxNamespaces) {
          throw new CwmpParseError(
            'CWMP_ERR_NAMESPACE_LIMIT',
            `more than ${limits.maxNamespaces} namespace declarations in the document`,
            an,
          );
        }
        const prefix = aname.length === 5 ? '' : aname.slice(6);
        elScope = { prefix, uri: value, parent: elScope };
        bound.set(prefix, value);
      } else {
        if (++attrCount > limits.maxAttributes) {
          throw new CwmpParseError(
            'CWMP_ERR_ATTRIBUTE_LIMIT',
            `more than ${limits.maxAttributes} attributes on <${qname}>`,
            an,
          );
        }
        // Most elements have one attribute (xsi:type): an array of its exact size.
        if (attrs === null) attrs = [aname, value];
        else attrs.push(aname, value);
      }
    }

    if (++count > limits.maxElements) {
      throw new CwmpParseError('CWMP_ERR_ELEMENT_LIMIT', `more than ${limits.maxElements} elements`, lt);
    }
    if (stack.length + 1 > limits.maxDepth) {
      throw new CwmpParseError('CWMP_ERR_DEPTH_LIMIT', `nested deeper than ${limits.maxDepth}`, lt);
    }
    const colon = qname.indexOf(':');
    const prefix = colon === -1 ? '' : qname.slice(0, colon);
    const el: XmlElement = {
      qname,
      prefix,
      name: colon === -1 ? qname : qname.slice(colon + 1),
      // Namespaces in XML §6.2: no prefix and no default declaration is no namespace; "xml" is bound
      // without a declaration; an undeclared well-known prefix (soap:, cwmp:...) has its usual
      // namespace, as routers send them (namespaces.ts); any other leaves the namespace unknown.
      ns: bound.get(prefix) ?? (prefix === '' ? '' : prefix === 'xml' ? XML_NS : wellKnownNamespace(prefix)),
      attrs,
      children: null,
      text: '',
      scope: elScope,
    };
    if (current !== null) {
      const siblings = current.children;
      if (siblings === null) {
        current.children = [el];
        current.text = '';
        pendStart = -1;
      } else if (siblings.length === 1) {
        // Most elements have one or two children (a ParameterValueStruct's Name and Value): an
        // array of their exact size. A push would grow the array to 17 slots.
        current.children = [siblings[0] as XmlElement, el];
      } else {
        siblings.push(el);
      }
    } else if (root !== null) {
      throw syntax('more than one root element', lt);
    } else {
      root = el;
    }
    if (!selfClosing) {
      stack.push(el);
      current = el;
      scope = elScope;
    } else if (elScope !== scope) {
      unbind(bound, elScope, scope);
    }
    pos = p;
  }

  if (current !== null) throw truncated(len);
  if (root === null) throw syntax('no root element', 0);
  return root;
}
