// Property tests: mutations and truncations of real envelopes only ever yield a message or a
// CwmpParseError (never another exception, never CWMP_ERR_INTERNAL, which marks a codec bug).
import { readFileSync, readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeWithSharedData, sharedDataPath } from '../../../test-support/shared-data';
import { decode } from './decode';
import { encode } from './encode';
import { CwmpEncodeError, CwmpParseError } from './errors';
import type { CwmpMessage } from './message';
import { parameterValue } from './values';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

/** Decodes and checks the outcome is a message or a CwmpParseError that is not an internal error. */
function decodesOrRefuses(input: string | Uint8Array): void {
  try {
    const { message } = decode(input);
    expect(typeof message.name).toBe('string');
  } catch (e) {
    if (!(e instanceof CwmpParseError)) throw e;
    expect(e.code).not.toBe('CWMP_ERR_INTERNAL');
  }
}

// Fragments that exercise the scanner's states when spliced in anywhere.
const NASTY = [
  '<',
  '>',
  '/',
  '&',
  ';',
  '"',
  "'",
  '=',
  ':',
  '<!--',
  '-->',
  '<![CDATA[',
  ']]>',
  '<?',
  '?>',
  '<!DOCTYPE x>',
  '&amp;',
  '&#x41;',
  '&#0;',
  '&bogus;',
  '</',
  '/>',
  'xmlns:c="urn:x"',
  'xmlns="urn:dslforum-org:cwmp-1-2"',
  '\u0000',
  '\ufeff',
  '\ud800',
  '\r\n',
  ' ',
  'i:type="xsd:int"',
  '[',
  ']',
  '<x>',
  '</x>',
];

type Mutation = {
  kind: 'insert' | 'delete' | 'replace' | 'duplicate';
  at: number;
  len: number;
  text: string;
};

const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom('insert', 'delete', 'replace', 'duplicate'),
  at: fc.nat(),
  len: fc.integer({ min: 1, max: 40 }),
  text: fc.oneof(fc.constantFrom(...NASTY), fc.string({ maxLength: 4 })),
});

function applyMutation(s: string, m: Mutation): string {
  const at = m.at % (s.length + 1);
  switch (m.kind) {
    case 'insert':
      return s.slice(0, at) + m.text + s.slice(at);
    case 'delete':
      return s.slice(0, at) + s.slice(at + m.len);
    case 'replace':
      return s.slice(0, at) + m.text + s.slice(at + m.text.length);
    case 'duplicate':
      return s.slice(0, at + m.len) + s.slice(at, at + m.len) + s.slice(at + m.len);
  }
}

describeWithSharedData('fuzzing real envelopes', () => {
  // Read inside the tests: a skipped suite's body still runs when ../shared is absent.
  const samples = () => {
    const dir = sharedDataPath('cwmp-samples');
    const xmls = readdirSync(dir)
      .filter((f) => f.endsWith('.xml'))
      .map((f) => readFileSync(`${dir}/${f}`, 'utf8'));
    return fc.constantFrom(...xmls);
  };

  it('random mutations yield a message or a CwmpParseError', () => {
    fc.assert(
      fc.property(samples(), fc.array(mutation, { minLength: 1, maxLength: 6 }), (xml, ms) => {
        decodesOrRefuses(ms.reduce(applyMutation, xml));
      }),
      { numRuns: RUNS },
    );
  });

  it('truncations at any point yield a message or a CwmpParseError', () => {
    fc.assert(
      fc.property(samples(), fc.nat(), (xml, n) => {
        decodesOrRefuses(xml.slice(0, n % (xml.length + 1)));
      }),
      { numRuns: RUNS },
    );
  });

  it('random byte flips yield a message or a CwmpParseError', () => {
    fc.assert(
      fc.property(
        samples(),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }),
        (xml, flips) => {
          const bytes = new TextEncoder().encode(xml);
          for (const [at, b] of flips) bytes[at % bytes.length] = b;
          decodesOrRefuses(bytes);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('round-trip of arbitrary text', () => {
  it('encode → decode preserves any name and value XML can carry, and refuses the rest', () => {
    const text = fc.string({ unit: 'binary', maxLength: 30 });
    fc.assert(
      fc.property(text, text, text, (name, value, key) => {
        const msg: CwmpMessage = {
          name: 'SetParameterValues',
          parameterList: [parameterValue(name, 'string', value)],
          parameterKey: key,
        };
        let xml: string;
        try {
          xml = encode({ header: { id: key }, body: msg });
        } catch (e) {
          expect(e).toBeInstanceOf(CwmpEncodeError);
          return;
        }
        expect(decode(xml).envelope).toStrictEqual({
          namespace: 'urn:dslforum-org:cwmp-1-0',
          header: { id: key },
          body: msg,
        });
      }),
      { numRuns: RUNS },
    );
  });
});
