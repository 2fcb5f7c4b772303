// A purpose-built scanner of Broadband Forum CWMP data-model XML (TR-106 DM schema, e.g.
// tr-181-2-17-0-cwmp-full.xml, tr-098-1-8-0-full.xml). It reads only what the data-model check
// needs: each object's and parameter's name, access and base xsd type. No DOM: one pass over the
// tags; the BBF files carry markup only in elements (text uses entities), so tags are unambiguous.
import type { XsdType } from '@provisor/cwmp';
import { XSD_TYPES } from '@provisor/cwmp';

export type Access = 'readOnly' | 'readWrite' | 'writeOnceReadOnly';

export interface ParameterInfo {
  access: Access;
  /** The base xsd type (TR-069 Amendment 6, A.2.1); data types are resolved to their base. */
  type: XsdType;
  /** The object it belongs to, e.g. "Device.WiFi.SSID.{i}.". */
  object: string;
}

export interface DataModel {
  /** The model's name as the file declares it, e.g. "Device:2.17". */
  name: string;
  /** "Device." or "InternetGatewayDevice.". */
  root: string;
  /** Parameter path (instance numbers as `{i}`) -> facts. */
  parameters: Map<string, ParameterInfo>;
  /** Object path (ending in "."), instance numbers as `{i}` -> access. */
  objects: Map<string, Access>;
}

const TYPES = new Set<string>(XSD_TYPES);
const TAG = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
const ATTR = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function attributes(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(ATTR)) out[m[1]!] = decodeEntities(m[2] ?? m[3] ?? '');
  return out;
}

function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

function accessOf(value: string | undefined): Access {
  return value === 'readWrite' || value === 'writeOnceReadOnly' ? value : 'readOnly';
}

export class DataModelParseError extends Error {
  override name = 'DataModelParseError';
}

/** Parses one BBF data-model document. Throws DataModelParseError when it holds no `<model>`. */
export function parseBbfXml(xml: string): DataModel {
  // Comments and processing instructions may hold anything; drop them before scanning tags.
  const text = xml.replace(/<!--[\s\S]*?-->/g, '').replace(/<\?[\s\S]*?\?>/g, '');
  // Data types: name -> {base, type}; resolved after the scan (a base may be declared later).
  const dataTypes = new Map<string, { base?: string; type?: XsdType }>();
  // Parameters whose type is a data type reference, resolved at the end.
  const pendingRefs: Array<{ path: string; ref: string }> = [];
  const parameters = new Map<string, ParameterInfo>();
  const objects = new Map<string, Access>();
  let modelName = '';
  let inModel = false;
  let object: string | null = null;
  let param: { path: string; info: ParameterInfo; typed: boolean } | null = null;
  let inSyntax = false;
  let dataType: { name: string; typed: boolean } | null = null;
  const stack: string[] = [];

  for (const m of text.matchAll(TAG)) {
    const closing = m[1] === '/';
    const tag = m[2]!.replace(/^.*:/, '');
    const selfClosing = m[4] === '/';
    if (closing) {
      stack.pop();
      if (tag === 'syntax') inSyntax = false;
      else if (tag === 'parameter' && param && stack.length > 0) param = finishParam(param);
      else if (tag === 'object') object = null;
      else if (tag === 'model') inModel = false;
      else if (tag === 'dataType' && dataType && stack.length === 1) dataType = null;
      continue;
    }
    const attrs = attributes(m[3] ?? '');
    const parentDepth = stack.length;
    if (!selfClosing) stack.push(tag);

    if (tag === 'model' && !modelName) {
      modelName = attrs.name ?? '';
      inModel = true;
    } else if (tag === 'dataType' && parentDepth === 1 && attrs.name) {
      // A top-level definition: <dataType name="IPv4Address" base="IPAddress">.
      dataTypes.set(attrs.name, attrs.base ? { base: attrs.base } : {});
      dataType = selfClosing ? null : { name: attrs.name, typed: Boolean(attrs.base) };
    } else if (dataType && !dataType.typed && TYPES.has(tag)) {
      dataTypes.get(dataType.name)!.type = tag as XsdType;
      dataType.typed = true;
    } else if (inModel && tag === 'object' && attrs.name) {
      object = attrs.name;
      objects.set(object, accessOf(attrs.access));
    } else if (inModel && object && tag === 'parameter' && attrs.name) {
      param = {
        path: object + attrs.name,
        info: { access: accessOf(attrs.access), type: 'string', object },
        typed: false,
      };
      if (selfClosing) param = finishParam(param);
    } else if (param && tag === 'syntax') {
      inSyntax = !selfClosing;
    } else if (param && inSyntax && !param.typed) {
      // The first type element of <syntax> is the type; <list> comes first for list-valued
      // parameters, whose wire type is a comma-separated string (TR-106).
      if (tag === 'list') {
        param.info.type = 'string';
        param.typed = true;
      } else if (TYPES.has(tag)) {
        param.info.type = tag as XsdType;
        param.typed = true;
      } else if (tag === 'dataType' && attrs.ref) {
        pendingRefs.push({ path: param.path, ref: attrs.ref });
        param.typed = true;
      }
    }
  }
  if (!modelName) throw new DataModelParseError('no <model> element found: not a BBF data-model file');

  function finishParam(p: NonNullable<typeof param>): null {
    parameters.set(p.path, p.info);
    return null;
  }
  function resolve(name: string, seen = new Set<string>()): XsdType {
    const dt = dataTypes.get(name);
    if (!dt || seen.has(name)) return 'string';
    seen.add(name);
    return dt.type ?? (dt.base ? resolve(dt.base, seen) : 'string');
  }
  for (const { path, ref } of pendingRefs) {
    const info = parameters.get(path);
    if (info) info.type = resolve(ref);
  }
  const first = objects.keys().next().value ?? '';
  return { name: modelName, root: first.split('.')[0] + '.', parameters, objects };
}

/** Which spec a model implements, by its root object: TR-181 (Device:2) or TR-098. */
export function dataModelNameOf(model: DataModel): 'TR-181' | 'TR-098' | null {
  if (model.root === 'Device.') return 'TR-181';
  if (model.root === 'InternetGatewayDevice.') return 'TR-098';
  return null;
}
