// Structs several RPCs share: ParameterValueStruct (SPV, GPV response, Inform) and FaultStruct
// (TransferComplete, AutonomousTransferComplete, OpResultStruct).
import { readArray, readInt, readString, requireChild, warn } from './fields';
import type { DecodeContext, Presence } from './fields';
import { SOAP_ENC_NS } from './namespaces';
import { parseTypedValue, xsdTypeOfLocalName } from './values';
import type { ParameterValue, XsdType } from './values';
import { writeArray, writeInteger, writeString } from './writer';
import { attrByLocalName, resolvePrefix } from './xml/element';
import type { XmlElement } from './xml/element';
import { CwmpParseError } from './errors';
import { escapeXml } from './xml/escape';

/** Reads one ParameterValueStruct (hot path: a GPV response may hold thousands). */
export function readParameterValue(ctx: DecodeContext, item: XmlElement): ParameterValue {
  let name: string | undefined;
  let valueEl: XmlElement | undefined;
  const kids = item.children;
  if (kids !== null) {
    for (let i = 0; i < kids.length; i++) {
      const k = kids[i] as XmlElement;
      if (k.name === 'Name') name = k.text;
      else if (k.name === 'Value') valueEl = k;
    }
  }
  if (name === undefined) throw new CwmpParseError('CWMP_ERR_MISSING_ELEMENT', `${item.name} has no Name`);
  if (valueEl === undefined) {
    throw new CwmpParseError('CWMP_ERR_MISSING_ELEMENT', `${item.name} ${name} has no Value`);
  }
  const raw = valueEl.text;
  const xt = attrByLocalName(valueEl, 'type');
  let type: XsdType = 'string';
  let xsiType: string | undefined;
  if (xt === undefined) {
    // TR-069 Amendment 6, A.3.2.1 and A.2.1: Value always carries xsi:type, but be lenient.
    warn(ctx, 'CWMP_WARN_MISSING_XSI_TYPE', `${name} has no xsi:type`);
  } else {
    const colon = xt.indexOf(':');
    const local = xt.slice(colon + 1);
    const t = xsdTypeOfLocalName(local);
    if (t === undefined) {
      warn(ctx, 'CWMP_WARN_UNKNOWN_XSI_TYPE', `${name} has xsi:type ${xt}`);
      xsiType = `xsd:${local}`;
    } else {
      type = t;
      // CPEs spell base64 in three ways; echo the CPE's spelling when setting it.
      if (local === 'base64Binary') xsiType = 'xsd:base64Binary';
      else if (t === 'base64' && colon > 0 && resolvePrefix(valueEl, xt.slice(0, colon)) === SOAP_ENC_NS) {
        xsiType = 'soap-enc:base64';
      }
    }
  }
  const value = parseTypedValue(type, raw, ctx.warnings);
  if (value === null) {
    warn(ctx, 'CWMP_WARN_INVALID_VALUE', `${name}: "${raw.slice(0, 40)}" is not a valid ${type}`);
  }
  const pv = { name, type, value, raw } as ParameterValue;
  if (xsiType !== undefined) pv.xsiType = xsiType;
  return pv;
}

export function writeParameterValue(pv: ParameterValue): string {
  const xsiType = pv.xsiType ?? `xsd:${pv.type}`;
  return (
    '<ParameterValueStruct><Name>' +
    escapeXml(pv.name) +
    '</Name><Value xsi:type="' +
    escapeXml(xsiType) +
    '">' +
    escapeXml(pv.raw) +
    '</Value></ParameterValueStruct>'
  );
}

export function readParameterList(ctx: DecodeContext, el: XmlElement, presence: Presence): ParameterValue[] {
  return readArray(ctx, el, 'ParameterList', 'ParameterValueStruct', presence, (item) =>
    readParameterValue(ctx, item),
  );
}

export function writeParameterList(list: readonly ParameterValue[]): string {
  return writeArray('ParameterList', 'cwmp:ParameterValueStruct', list, writeParameterValue);
}

/** FaultStruct: FaultCode 0 means success (TR-069 Amendment 6, A.3.3.2 TransferComplete). */
export interface FaultStruct {
  faultCode: number;
  faultString: string;
}

/** Reads a FaultStruct (or OpResultStruct's Fault) named `name`. */
export function readFaultStruct(
  ctx: DecodeContext,
  el: XmlElement,
  name: string,
  presence: Presence,
): FaultStruct {
  const fs = presence === 'required' ? requireChild(el, name) : el.children?.find((c) => c.name === name);
  if (fs === undefined) {
    warn(ctx, 'CWMP_WARN_MISSING_FIELD', `${el.name} has no ${name}; success assumed`);
    return { faultCode: 0, faultString: '' };
  }
  if (fs.children === null) {
    // Seen in captures: <FaultStruct>0</FaultStruct> for success.
    const code = Number(fs.text.trim() || '0');
    if (!Number.isInteger(code)) {
      throw new CwmpParseError('CWMP_ERR_INVALID_VALUE', `${el.name}/${name}: "${fs.text.slice(0, 40)}"`);
    }
    warn(ctx, 'CWMP_WARN_FAULT_STRUCT_TEXT', `${el.name}/${name} is the text "${fs.text.trim()}"`);
    return { faultCode: code, faultString: '' };
  }
  return {
    faultCode: readInt(ctx, fs, 'FaultCode', 'required'),
    faultString: readString(ctx, fs, 'FaultString', 'optional'),
  };
}

export function writeFaultStruct(name: string, f: FaultStruct): string {
  return `<${name}>${writeInteger('FaultCode', f.faultCode)}${writeString('FaultString', f.faultString)}</${name}>`;
}
