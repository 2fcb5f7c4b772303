import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildDigestAuthorization,
  buildDigestChallenge,
  computeDigestResponse,
  decodeBasicCredentials,
  parseAuthHeader,
  verifyDigestResponse,
  type DigestHash,
} from './http-digest';

const hash: DigestHash = (alg, data) =>
  createHash(alg === 'MD5' ? 'md5' : 'sha256')
    .update(data)
    .digest('hex');

describe('HTTP Digest (RFC 7616)', () => {
  it('computes the RFC 7616 §3.9.1 example response, MD5 and SHA-256', () => {
    const base = {
      username: 'Mufasa',
      password: 'Circle of Life',
      realm: 'http-auth@example.org',
      method: 'GET',
      uri: '/dir/index.html',
      nonce: '7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v',
      qop: 'auth' as const,
      nc: '00000001',
      cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ',
    };
    expect(computeDigestResponse({ ...base, algorithm: 'MD5' }, hash)).toBe(
      '8ca523f5e9506fed4657c9700eebdbec',
    );
    expect(computeDigestResponse({ ...base, algorithm: 'SHA-256' }, hash)).toBe(
      '753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1',
    );
  });

  it('parses several challenges in one header, with quoted commas and escapes', () => {
    const header =
      'Digest realm="acs, main", qop="auth", algorithm=SHA-256, nonce="n\\"1", Digest realm="acs", algorithm=MD5, nonce="n2", Basic realm="x"';
    const parsed = parseAuthHeader(header);
    expect(parsed.map((c) => c.scheme)).toEqual(['Digest', 'Digest', 'Basic']);
    expect(parsed[0]!.params).toEqual({
      realm: 'acs, main',
      qop: 'auth',
      algorithm: 'SHA-256',
      nonce: 'n"1',
    });
    expect(parsed[1]!.params.algorithm).toBe('MD5');
  });

  it('parses Basic credentials (token68)', () => {
    const [basic] = parseAuthHeader(`Basic ${Buffer.from('cpe:sécret').toString('base64')}`);
    expect(basic!.scheme).toBe('Basic');
    expect(decodeBasicCredentials(basic!.params.token68!)).toEqual({ username: 'cpe', password: 'sécret' });
    expect(decodeBasicCredentials('!!!')).toBeNull();
  });

  it('round-trips: a client answer to a server challenge verifies, a wrong password does not', () => {
    for (const algorithm of ['MD5', 'SHA-256'] as const) {
      const challenge = parseAuthHeader(
        buildDigestChallenge({ realm: 'Provisor', nonce: 'abc', opaque: 'o', algorithm }),
      )[0]!;
      const authorization = buildDigestAuthorization(
        {
          username: 'u',
          password: 'p',
          method: 'POST',
          uri: '/',
          challenge: challenge.params,
          nc: 1,
          cnonce: 'c',
        },
        hash,
      )!;
      const creds = parseAuthHeader(authorization)[0]!;
      expect(creds.params).toMatchObject({
        username: 'u',
        nonce: 'abc',
        nc: '00000001',
        qop: 'auth',
        opaque: 'o',
        algorithm,
      });
      expect(verifyDigestResponse(creds.params, { method: 'POST', password: 'p' }, hash)).toBe(true);
      expect(verifyDigestResponse(creds.params, { method: 'POST', password: 'wrong' }, hash)).toBe(false);
      expect(verifyDigestResponse(creds.params, { method: 'GET', password: 'p' }, hash)).toBe(false);
    }
  });

  it('never throws on garbage headers', () => {
    for (const header of [
      '',
      ',,,',
      'Digest',
      'Digest realm=',
      'Digest realm="unterminated',
      '= = =',
      'Digest a=b=c',
    ]) {
      expect(() => parseAuthHeader(header)).not.toThrow();
    }
  });
});
