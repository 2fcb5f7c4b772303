import { decode, encode, cwmpFault } from '@provisor/cwmp';
import { describe, expect, it } from 'vitest';
import { QuirkOptionError, resolveQuirks, undeclarePrefixes, writesUndeclared } from './quirks';

describe('router quirks', () => {
  it('writes an envelope with no declaration and soap: for soap-env:', () => {
    const xml = undeclarePrefixes(
      encode({ namespace: 'urn:dslforum-org:cwmp-1-0', header: { id: '5' }, body: cwmpFault(9002) }),
    );
    expect(xml).not.toContain('xmlns');
    expect(xml).toContain('<soap:Envelope><soap:Header><cwmp:ID soap:mustUnderstand="1">5</cwmp:ID>');
    expect(decode(xml).message).toMatchObject({ name: 'Fault', faultCode: 9002 });
  });

  it('leaves undeclared only what the mode says', () => {
    const fault = encode({ header: { id: '1' }, body: cwmpFault(9002) });
    const answer = encode({ header: { id: '1' }, body: { name: 'GetRPCMethods' } });
    const q = (undeclaredPrefixes: 'none' | 'faults' | 'all') => resolveQuirks({ undeclaredPrefixes });
    expect([writesUndeclared(q('faults'), fault), writesUndeclared(q('faults'), answer)]).toEqual([
      true,
      false,
    ]);
    expect([writesUndeclared(q('all'), answer), writesUndeclared(q('none'), fault)]).toEqual([true, false]);
    expect(writesUndeclared(q('all'), '')).toBe(false);
  });

  it('refuses unknown quirk values, saying what to give', () => {
    expect(() => resolveQuirks({ undeclaredPrefixes: 'some' as never })).toThrow(QuirkOptionError);
    expect(() => resolveQuirks({ undeclaredPrefixes: 'some' as never })).toThrow(/'none', 'faults' or 'all'/);
    expect(() => resolveQuirks({ crDigestChallenges: [] })).toThrow(/crDigestChallenges must list/);
  });
});
