// One HTTP exchange with an overall deadline. The agent decides connection reuse: a CWMP session
// passes its own keep-alive agent so the whole session rides one TCP connection
// (TR-069 Amendment 6, 3.4.2).
import { request as httpRequestRaw } from 'node:http';
import type { Agent, IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequestRaw } from 'node:https';

export interface HttpResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface HttpRequestInit {
  method: string;
  headers?: OutgoingHttpHeaders;
  body?: string | Buffer;
  agent?: Agent;
  /** The whole exchange (connect, send, receive) must finish within this many ms. */
  timeoutMs: number;
  /** Largest response body accepted, in bytes. */
  maxBodyBytes?: number;
}

export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    message: string,
    readonly code: 'timeout' | 'network' | 'too-large',
  ) {
    super(message);
  }
}

const DEFAULT_MAX_BODY = 64 * 1024 * 1024;

export function httpRequest(url: URL, init: HttpRequestInit): Promise<HttpResponse> {
  const send = url.protocol === 'https:' ? httpsRequestRaw : httpRequestRaw;
  const max = init.maxBodyBytes ?? DEFAULT_MAX_BODY;
  return new Promise((resolve, reject) => {
    const headers: OutgoingHttpHeaders = { ...init.headers };
    if (init.body !== undefined) headers['content-length'] = Buffer.byteLength(init.body);
    const req = send(url, { method: init.method, headers, agent: init.agent });
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(
        err instanceof HttpError
          ? err
          : new HttpError(`${init.method} ${url.href}: ${err.message}`, 'network'),
      );
      req.destroy();
    };
    const timer = setTimeout(() => {
      fail(new HttpError(`${init.method} ${url.href}: no answer within ${init.timeoutMs} ms`, 'timeout'));
    }, init.timeoutMs);
    req.on('error', fail);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > max) {
          fail(new HttpError(`${init.method} ${url.href}: answer larger than ${max} bytes`, 'too-large'));
          return;
        }
        chunks.push(c);
      });
      res.on('error', fail);
      res.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      });
    });
    req.end(init.body);
  });
}
