// The HTTP side of one CWMP session: POSTs to the ACS over a single keep-alive connection, with
// the session's cookie jar and HTTP authentication (TR-069 Amendment 6, 3.4.2, 3.4.4). A new session
// makes a new AcsConnection: fresh jar, fresh connection.
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { CookieJar } from './cookie-jar';
import { HttpAuthenticator } from './http-auth';
import type { Credentials } from './http-auth';
import { HttpError, httpRequest } from './http-request';
import type { HttpResponse } from './http-request';

export interface AcsConnectionOptions {
  url: string;
  credentials?: Credentials;
  /** Deadline of each HTTP exchange in ms (icwmp uses 30 s). */
  timeoutMs: number;
  /** Largest ACS answer accepted, in bytes. */
  maxBodyBytes: number;
  /** Send `Content-Type:` with an empty value on every POST (a router quirk, device/quirks.ts). */
  emptyContentType?: boolean;
  /** Read only the first Digest challenge and speak MD5 only (a router quirk, device/quirks.ts). */
  md5FirstChallengeOnly?: boolean;
}

export class AuthenticationError extends Error {
  override name = 'AuthenticationError';
}

// Enough for: 401 challenge, then a stale-nonce 401; a third 401 is a refusal.
const MAX_AUTH_ROUNDS = 3;

export class AcsConnection {
  private readonly url: URL;
  private readonly agent: HttpAgent;
  private readonly jar = new CookieJar();
  private readonly auth: HttpAuthenticator;
  private closed = false;

  constructor(private readonly options: AcsConnectionOptions) {
    this.url = new URL(options.url);
    // One socket for the whole session (TR-069 Amendment 6, 3.4.2): the ACS may bind the session to it.
    const agentOptions = { keepAlive: true, maxSockets: 1, maxFreeSockets: 1 };
    this.agent = this.url.protocol === 'https:' ? new HttpsAgent(agentOptions) : new HttpAgent(agentOptions);
    this.auth = new HttpAuthenticator(options.credentials, {
      md5FirstChallengeOnly: options.md5FirstChallengeOnly === true,
    });
  }

  /** POSTs a SOAP envelope, or an empty body when `body` is ''. Answers 401 challenges itself. */
  async post(body: string): Promise<HttpResponse> {
    if (this.closed) throw new Error('the session connection is closed');
    const uri = this.url.pathname + this.url.search;
    for (let round = 0; ; round++) {
      const headers: Record<string, string> = { soapaction: '' };
      if (this.options.emptyContentType === true) headers['content-type'] = '';
      else if (body !== '') headers['content-type'] = 'text/xml; charset="utf-8"';
      const cookie = this.jar.header();
      if (cookie !== undefined) headers.cookie = cookie;
      const authorization = this.auth.header('POST', uri);
      if (authorization !== undefined) headers.authorization = authorization;
      let res: HttpResponse;
      try {
        res = await httpRequest(this.url, {
          method: 'POST',
          headers,
          body,
          agent: this.agent,
          timeoutMs: this.options.timeoutMs,
          maxBodyBytes: this.options.maxBodyBytes,
        });
      } catch (e) {
        if (e instanceof HttpError && e.code === 'network' && round === 0 && body.includes(':Inform>')) {
          throw new HttpError(
            `Cannot reach the ACS: ${e.message}. Is it running, and is --acs right?`,
            'network',
          );
        }
        throw e;
      }
      this.jar.store(res.headers['set-cookie']);
      if (res.status !== 401) return res;
      const verdict = this.auth.challenged(res.headers['www-authenticate']);
      if (verdict !== 'retry' || round + 1 >= MAX_AUTH_ROUNDS) {
        throw new AuthenticationError(
          `ACS ${this.options.url}: ${verdict === 'retry' ? 'keeps answering 401' : verdict}. ` +
            'Check the ACS username and password (--username/--password).',
        );
      }
    }
  }

  close(): void {
    this.closed = true;
    this.agent.destroy();
  }
}
