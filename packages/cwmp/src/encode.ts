// encode(): CwmpEnvelope → SOAP 1.1 text. Prefixes are fixed (soap-env, soap-enc, xsd, xsi, cwmp)
// and all declared on the Envelope, so arrayType and xsi:type values may use them (TR-069 Amendment 6, 3.5).
import { CwmpEncodeError } from './errors';
import type { CwmpEnvelope, CwmpHeader } from './message';
import {
  DEFAULT_CWMP_NAMESPACE,
  SOAP_ENC_NS,
  SOAP_ENV_NS,
  XSD_NS,
  XSI_NS,
  isCwmpNamespace,
} from './namespaces';
import { encodeFault } from './rpc/fault';
import { codecFor } from './rpc/registry';
import { writeBoolean, writeInteger } from './writer';
import { escapeXml } from './xml/escape';

const XML_DECL = '<?xml version="1.0" encoding="UTF-8"?>\n';

function headerEntries(h: CwmpHeader): string {
  let out = '';
  // TR-069 Amendment 6, 3.5: ID and HoldRequests and UseCWMPVersion are mustUnderstand="1"; the others 0.
  if (h.id !== undefined) out += `<cwmp:ID soap-env:mustUnderstand="1">${escapeXml(h.id)}</cwmp:ID>`;
  if (h.holdRequests !== undefined) {
    out += `<cwmp:HoldRequests soap-env:mustUnderstand="1">${h.holdRequests ? 1 : 0}</cwmp:HoldRequests>`;
  }
  if (h.sessionTimeout !== undefined) {
    out += writeInteger('cwmp:SessionTimeout', h.sessionTimeout).replace(
      '<cwmp:SessionTimeout>',
      '<cwmp:SessionTimeout soap-env:mustUnderstand="0">',
    );
  }
  if (h.supportedCwmpVersions !== undefined) {
    out +=
      '<cwmp:SupportedCWMPVersions soap-env:mustUnderstand="0">' +
      escapeXml(h.supportedCwmpVersions.join(',')) +
      '</cwmp:SupportedCWMPVersions>';
  }
  if (h.useCwmpVersion !== undefined) {
    out += `<cwmp:UseCWMPVersion soap-env:mustUnderstand="1">${escapeXml(h.useCwmpVersion)}</cwmp:UseCWMPVersion>`;
  }
  // NoMoreRequests is obsolete; written only because the envelope asks for it (simulating old CPEs).
  if (h.noMoreRequests !== undefined) out += writeBoolean('cwmp:NoMoreRequests', h.noMoreRequests);
  return out;
}

/**
 * Writes an envelope as UTF-8-declared XML text. Throws CwmpEncodeError when a field cannot be
 * written (a non-integer number, a character XML cannot carry, an unknown message name).
 */
export function encode(envelope: CwmpEnvelope): string {
  const ns = envelope.namespace ?? DEFAULT_CWMP_NAMESPACE;
  if (!isCwmpNamespace(ns)) throw new CwmpEncodeError('CWMP_ERR_ENCODE_VALUE', `not a cwmp namespace: ${ns}`);
  const msg = envelope.body;
  let body: string;
  if (msg.name === 'Fault') {
    body = encodeFault(msg);
  } else {
    const codec = codecFor(msg.name);
    if (codec === undefined)
      throw new CwmpEncodeError('CWMP_ERR_ENCODE_VALUE', `unknown message ${String(msg.name)}`);
    const inner = codec.encode(msg);
    body = inner === '' ? `<cwmp:${msg.name}/>` : `<cwmp:${msg.name}>${inner}</cwmp:${msg.name}>`;
  }
  const header = headerEntries(envelope.header);
  return (
    XML_DECL +
    `<soap-env:Envelope xmlns:soap-env="${SOAP_ENV_NS}" xmlns:soap-enc="${SOAP_ENC_NS}" xmlns:xsd="${XSD_NS}" xmlns:xsi="${XSI_NS}" xmlns:cwmp="${ns}">` +
    (header === '' ? '' : `<soap-env:Header>${header}</soap-env:Header>`) +
    `<soap-env:Body>${body}</soap-env:Body></soap-env:Envelope>`
  );
}
