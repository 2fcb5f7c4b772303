// Hostile Informs for bench/cwmp-flood, each built to about a given size. They are what a router, or
// anyone who can reach the CWMP port while router authentication is off (the default), may send
// before any session exists (security finding 7).
import { encode, parameterValue, type ParameterValue } from '@provisor/cwmp';

export const VARIANTS = ['namespaces', 'parameters', 'text'] as const;
export type Variant = (typeof VARIANTS)[number];

export interface HostileInform {
  variant: Variant;
  /** What the message holds, for the table. */
  detail: string;
  /** The envelope with the serial number at `serialAt` (SERIAL_LENGTH bytes), to be patched per client. */
  bytes: Buffer;
  serialAt: number;
}

const SERIAL_PLACEHOLDER = 'FLOOD-000000';
export const SERIAL_LENGTH = SERIAL_PLACEHOLDER.length;

function inform(parameterList: ParameterValue[]): string {
  return encode({
    namespace: 'urn:dslforum-org:cwmp-1-2',
    header: { id: 'flood' },
    body: {
      name: 'Inform',
      deviceId: {
        manufacturer: 'Flood',
        oui: '50524F',
        productClass: 'Hostile',
        serialNumber: SERIAL_PLACEHOLDER,
      },
      event: [{ eventCode: '1 BOOT', commandKey: '' }],
      maxEnvelopes: 1,
      currentTime: '2026-01-01T00:00:00Z',
      retryCount: 0,
      parameterList,
    },
  });
}

function finish(variant: Variant, detail: string, xml: string): HostileInform {
  const bytes = Buffer.from(xml, 'utf8');
  return { variant, detail, bytes, serialAt: bytes.indexOf(SERIAL_PLACEHOLDER) };
}

/** The finding's message: an ordinary Inform whose Envelope declares namespaces up to `size` bytes. */
function namespaces(size: number): HostileInform {
  const base = inform([]);
  const open = '<soap-env:Envelope';
  const decls: string[] = [];
  let bytes = base.length;
  for (let i = 0; bytes < size; i++) {
    const d = ` xmlns:n${i}="urn:${i}"`; // about 27 bytes, as in the finding
    decls.push(d);
    bytes += d.length;
  }
  const xml = base.replace(open, open + decls.join(''));
  return finish('namespaces', `${decls.length.toLocaleString('en')} namespace declarations`, xml);
}

/** A well-formed Inform whose ParameterList holds as many short string parameters as fit in `size`. */
function parameters(size: number): HostileInform {
  const item = (i: number) => parameterValue(`Device.X_Flood.Item.${i}.Value`, 'string', `v${i}`);
  const base = inform([]).length;
  const per = inform([item(50_000)]).length - base; // a typical index: five digits
  const count = Math.max(1, Math.floor((size - base) / per));
  const list = Array.from({ length: count }, (_, i) => item(i + 1));
  return finish('parameters', `${count.toLocaleString('en')} parameters`, inform(list));
}

/**
 * A well-formed Inform whose parameter values are long texts of `written` characters each (under the
 * codec's maxTextLength, which counts text as written), an entity reference in every 6 characters:
 * the slowest text to decode.
 */
function text(size: number, written: number): HostileInform {
  // encode() writes each "&" as "&amp;": "x&" is 6 characters as written, 2 once decoded.
  const value = 'x&'.repeat(Math.floor(written / 6));
  const item = (i: number) => parameterValue(`Device.X_Flood.Text.${i}.Value`, 'string', value);
  const base = inform([]).length;
  const count = Math.max(1, Math.round((size - base) / (inform([item(10)]).length - base)));
  const list = Array.from({ length: count }, (_, i) => item(i + 1));
  const detail = `${count} values of ${(value.length * 3).toLocaleString('en')} characters of "x&amp;"`;
  return finish('text', detail, inform(list));
}

export function hostileInform(variant: Variant, size: number, textLength: number): HostileInform {
  switch (variant) {
    case 'namespaces':
      return namespaces(size);
    case 'parameters':
      return parameters(size);
    case 'text':
      return text(size, textLength);
  }
}

/** A copy of the message with its own serial number (one device per attacking client). */
export function withSerial(m: HostileInform, n: number): Buffer {
  const copy = Buffer.from(m.bytes);
  copy.write(`FLOOD-${String(n).padStart(SERIAL_LENGTH - 6, '0')}`, m.serialAt, 'latin1');
  return copy;
}
