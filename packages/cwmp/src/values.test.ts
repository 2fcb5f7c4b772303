import { describe, expect, it } from 'vitest';
import { formatTypedValue, parameterValue, parseTypedValue, xsdTypeOfLocalName } from './values';
import type { CwmpWarning } from './errors';

describe('typed values', () => {
  it('parses booleans in all four lexical forms', () => {
    expect(
      ['true', '1', 'false', '0', ' 1 ', 'TRUE'].map((s) => parseTypedValue('boolean', s)),
    ).toStrictEqual([true, true, false, false, true, null]);
  });

  it('parses integers strictly and keeps out-of-range ones with a warning', () => {
    const warnings: CwmpWarning[] = [];
    expect(parseTypedValue('int', '+12')).toBe(12);
    expect(parseTypedValue('int', '1.5')).toBeNull();
    expect(parseTypedValue('int', '0x10')).toBeNull();
    expect(parseTypedValue('unsignedInt', '')).toBeNull();
    expect(parseTypedValue('unsignedInt', '4294967296', warnings)).toBe(4294967296);
    expect(parseTypedValue('unsignedInt', '-1', warnings)).toBe(-1);
    expect(warnings.map((w) => w.code)).toStrictEqual(['CWMP_WARN_INVALID_VALUE', 'CWMP_WARN_INVALID_VALUE']);
  });

  it('keeps 64-bit integers exact as bigint', () => {
    expect(parseTypedValue('unsignedLong', '18446744073709551615')).toBe(18446744073709551615n);
    expect(parseTypedValue('long', 'x')).toBeNull();
  });

  it('parses decimals', () => {
    expect(parseTypedValue('decimal', '-0.5')).toBe(-0.5);
    expect(parseTypedValue('decimal', '.5')).toBe(0.5);
    expect(parseTypedValue('decimal', '1e5')).toBeNull();
  });

  it('formats values canonically and builds ParameterValue with raw', () => {
    expect(formatTypedValue('boolean', true)).toBe('true');
    expect(formatTypedValue('long', -5n)).toBe('-5');
    expect(parameterValue('A', 'int', 3)).toStrictEqual({ name: 'A', type: 'int', value: 3, raw: '3' });
  });

  it('maps the base64 spellings to one type', () => {
    expect(xsdTypeOfLocalName('base64')).toBe('base64');
    expect(xsdTypeOfLocalName('base64Binary')).toBe('base64');
    expect(xsdTypeOfLocalName('anyURI')).toBeUndefined();
  });
});
