// The SOAP Fault body with its cwmp:Fault detail (TR-069 Amendment 6, 3.5 and A.5), both directions: a
// CPE fault arrives in a POST, an ACS fault goes in an HTTP response. faultcode arrives both
// unqualified ("Client") and qualified ("soap-env:Client"); the prefix is dropped.
import { CwmpParseError } from '../errors';
import { readInt, readString, warn } from '../fields';
import type { DecodeContext } from '../fields';
import { faultName, soapFaultCodeFor } from '../faults';
import { writeInteger, writeString } from '../writer';
import { childNamed, childrenOf } from '../xml/element';
import type { XmlElement } from '../xml/element';

export interface SetParameterValuesFault {
  parameterName: string;
  faultCode: number;
  faultString: string;
}

export interface CwmpFault {
  name: 'Fault';
  /** SOAP faultcode without prefix: "Client" or "Server". */
  soapFaultCode: string;
  /** SOAP faultstring, normally "CWMP fault". */
  soapFaultString: string;
  /** cwmp:Fault FaultCode (8xxx from the ACS, 9xxx from the CPE); 0 when there was no cwmp:Fault. */
  faultCode: number;
  faultString: string;
  /** Per-parameter faults of a SetParameterValues fault (overall code 9003). */
  setParameterValuesFault?: SetParameterValuesFault[];
}

/** The cwmp:Fault element inside <detail>, if any. */
export function cwmpFaultElement(soapFault: XmlElement): XmlElement | undefined {
  const detail = childNamed(soapFault, 'detail') ?? childNamed(soapFault, 'Detail');
  return detail === undefined ? undefined : childNamed(detail, 'Fault');
}

export function decodeFault(el: XmlElement, ctx: DecodeContext): CwmpFault {
  const code = readString(ctx, el, 'faultcode', 'optional').trim();
  const fault: CwmpFault = {
    name: 'Fault',
    soapFaultCode: code.slice(code.indexOf(':') + 1),
    soapFaultString: readString(ctx, el, 'faultstring', 'optional'),
    faultCode: 0,
    faultString: '',
  };
  const cf = cwmpFaultElement(el);
  if (cf === undefined) {
    warn(ctx, 'CWMP_WARN_NO_CWMP_FAULT', 'SOAP Fault without cwmp:Fault detail');
    fault.faultString = fault.soapFaultString;
    return fault;
  }
  fault.faultCode = readInt(ctx, cf, 'FaultCode', 'required');
  fault.faultString = readString(ctx, cf, 'FaultString', 'optional');
  let spv: SetParameterValuesFault[] | undefined;
  for (const c of childrenOf(cf)) {
    if (c.name !== 'SetParameterValuesFault') continue;
    (spv ??= []).push({
      parameterName: readString(ctx, c, 'ParameterName', 'required'),
      faultCode: readInt(ctx, c, 'FaultCode', 'required'),
      faultString: readString(ctx, c, 'FaultString', 'optional'),
    });
  }
  if (spv !== undefined) fault.setParameterValuesFault = spv;
  if (!Number.isInteger(fault.faultCode)) throw new CwmpParseError('CWMP_ERR_INVALID_VALUE', 'FaultCode');
  return fault;
}

/** The whole <soap-env:Fault> element. */
export function encodeFault(f: CwmpFault): string {
  let out =
    '<soap-env:Fault>' +
    writeString('faultcode', f.soapFaultCode) +
    writeString('faultstring', f.soapFaultString);
  if (f.faultCode !== 0 || f.setParameterValuesFault !== undefined) {
    out +=
      '<detail><cwmp:Fault>' +
      writeInteger('FaultCode', f.faultCode) +
      writeString('FaultString', f.faultString);
    for (const p of f.setParameterValuesFault ?? []) {
      out +=
        '<SetParameterValuesFault>' +
        writeString('ParameterName', p.parameterName) +
        writeInteger('FaultCode', p.faultCode) +
        writeString('FaultString', p.faultString) +
        '</SetParameterValuesFault>';
    }
    out += '</cwmp:Fault></detail>';
  }
  return out + '</soap-env:Fault>';
}

/**
 * Builds a fault message: faultcode Client/Server per the code, faultstring "CWMP fault", and the
 * code's table name unless `faultString` is given.
 */
export function cwmpFault(
  faultCode: number,
  faultString?: string,
  setParameterValuesFault?: SetParameterValuesFault[],
): CwmpFault {
  const f: CwmpFault = {
    name: 'Fault',
    soapFaultCode: soapFaultCodeFor(faultCode),
    soapFaultString: 'CWMP fault',
    faultCode,
    faultString: faultString ?? faultName(faultCode) ?? '',
  };
  if (setParameterValuesFault !== undefined) f.setParameterValuesFault = setParameterValuesFault;
  return f;
}
