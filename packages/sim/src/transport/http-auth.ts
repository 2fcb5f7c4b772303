// Client side of HTTP Basic and Digest (RFC 7616) for the CPE: answering the ACS's 401
// (TR-069 Amendment 6, 3.4.4) and file servers' 401 during Download/Upload. After the first challenge the
// credentials go with every request; Digest reuses the nonce with an incrementing nc.
import { createHash, randomBytes } from 'node:crypto';
import { buildDigestAuthorization, parseAuthHeader, parseDigestAlgorithm } from '@provisor/cwmp';
import type { DigestHash } from '@provisor/cwmp';

export const nodeDigestHash: DigestHash = (alg, data) =>
  createHash(alg === 'MD5' ? 'md5' : 'sha256')
    .update(data)
    .digest('hex');

export interface Credentials {
  username: string;
  password: string;
}

export class HttpAuthenticator {
  private scheme: 'none' | 'basic' | 'digest' = 'none';
  private challenge: Record<string, string> = {};
  private nc = 0;
  private readonly cnonce = randomBytes(8).toString('hex');

  constructor(
    private readonly credentials: Credentials | undefined,
    /** A router that reads only the first challenge of a 401 and knows only MD5 Digest. */
    private readonly quirks: { md5FirstChallengeOnly: boolean } = { md5FirstChallengeOnly: false },
  ) {}

  /** The Authorization header for the next request, once a challenge has been answered. */
  header(method: string, uri: string): string | undefined {
    if (this.scheme === 'none' || this.credentials === undefined) return undefined;
    if (this.scheme === 'basic') {
      const { username, password } = this.credentials;
      return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
    }
    this.nc += 1;
    return (
      buildDigestAuthorization(
        { ...this.credentials, method, uri, challenge: this.challenge, nc: this.nc, cnonce: this.cnonce },
        nodeDigestHash,
      ) ?? undefined
    );
  }

  /**
   * Takes a 401's WWW-Authenticate. Returns 'retry' when the request should be sent again with
   * credentials, or a reason the 401 is final (no credentials, wrong ones, unknown scheme).
   */
  challenged(wwwAuthenticate: string | string[] | undefined): 'retry' | string {
    if (this.credentials === undefined) {
      return 'the server asks for credentials (HTTP 401) and none are configured';
    }
    const text = Array.isArray(wwwAuthenticate) ? wwwAuthenticate.join(', ') : (wwwAuthenticate ?? '');
    let offers = parseAuthHeader(text);
    if (this.quirks.md5FirstChallengeOnly) {
      // Several WWW-Authenticate lines reach us joined by ", " in their order: the first is the first.
      offers = offers.slice(0, 1);
      const first = offers[0];
      if (
        first?.scheme.toLowerCase() === 'digest' &&
        parseDigestAlgorithm(first.params.algorithm) !== 'MD5'
      ) {
        return `the server's first challenge is Digest ${first.params.algorithm ?? ''}; this CPE reads only the first challenge and speaks MD5 only`;
      }
    }
    const digest = offers.find((c) => c.scheme.toLowerCase() === 'digest');
    const basic = offers.find((c) => c.scheme.toLowerCase() === 'basic');
    const wasAnswered = this.scheme !== 'none';
    if (digest) {
      // A stale nonce is not a credentials failure: answer the new nonce once more.
      const stale = digest.params.stale?.toLowerCase() === 'true';
      if (wasAnswered && !stale) return 'the server refused the credentials (HTTP 401 after authenticating)';
      this.scheme = 'digest';
      this.challenge = digest.params;
      this.nc = 0;
      return 'retry';
    }
    if (basic) {
      if (wasAnswered) return 'the server refused the credentials (HTTP 401 after authenticating)';
      this.scheme = 'basic';
      return 'retry';
    }
    return `the server asks for an authentication scheme this CPE does not speak: "${text.slice(0, 80)}"`;
  }
}
