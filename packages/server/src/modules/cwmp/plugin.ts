// The CWMP door: POST to `cwmp.path` (settings; default "/"). Reads the raw body (gzip and deflate
// accepted, cwmp-reference §2), binds the session to the socket first and the cookie second (§15.1),
// authenticates the first message of each session, and hands the body to the session engine.
import { gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CpeAuthenticator } from './cpe-auth';
import type { CwmpReply, SessionEngine } from './session-engine';
import type { SettingsService } from '../settings/service';

export const SESSION_COOKIE = 'provisor_session';

export interface CwmpDoorOptions {
  engine: SessionEngine;
  auth: CpeAuthenticator;
  settings: SettingsService;
  bodyLimitBytes: number;
  /** Base URL CPEs should use for files; by default the scheme and Host of their own request. */
  publicUrl: string | null;
}

function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  // Some CPEs separate cookies with commas instead of semicolons (cwmp-reference §2).
  for (const part of header.split(/[;,]/)) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

function decompress(body: Buffer, encoding: string | undefined, limit: number): Buffer | CwmpReply {
  const enc = (encoding ?? 'identity').trim().toLowerCase();
  if (enc === 'identity' || enc === '') return body;
  const tooBig = (): CwmpReply => ({
    status: 413,
    body: `The decompressed CWMP message is larger than ${limit} bytes.`,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
  try {
    if (enc === 'gzip' || enc === 'x-gzip') return gunzipSync(body, { maxOutputLength: limit });
    if (enc === 'deflate') {
      // "deflate" is zlib-wrapped by the standard, raw in some clients: accept both.
      try {
        return inflateSync(body, { maxOutputLength: limit });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return tooBig();
        return inflateRawSync(body, { maxOutputLength: limit });
      }
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return tooBig();
    return {
      status: 400,
      body: `The body is not valid ${enc} data: ${(err as Error).message}`,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    };
  }
  return {
    status: 415,
    body: `Content-Encoding "${encoding}" is not supported; send gzip, deflate or no encoding.`,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function cwmpDoor(app: FastifyInstance, o: CwmpDoorOptions) {
  const socketSessions = new WeakMap<object, string>();

  app.removeAllContentTypeParsers();
  // CPEs send text/xml with or without charset, or no Content-Type at all: take every body raw.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: o.bodyLimitBytes }, (_req, body, done) =>
    done(null, body),
  );

  function send(reply: FastifyReply, r: CwmpReply) {
    return reply.code(r.status).headers(r.headers).send(r.body);
  }

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const settings = o.settings.get().cwmp;
    const path = request.url.split('?')[0];
    if (path !== settings.path) return reply.callNotFound();
    if (!settings.enabled) {
      return send(reply, {
        status: 503,
        body: 'CWMP is disabled on this server.',
        headers: { 'retry-after': '300', 'content-type': 'text/plain; charset=utf-8' },
      });
    }
    const socket = request.raw.socket;
    let sessionId = socketSessions.get(socket) ?? null;
    if (!o.engine.session(sessionId)) sessionId = cookieValue(request.headers.cookie, SESSION_COOKIE);
    const session = o.engine.session(sessionId);
    // A session is authenticated once, on its first message; later POSTs ride on it.
    if (!session) {
      const result = await o.auth.authenticate(request.headers.authorization, 'POST', request.ip);
      if (!result.ok) {
        if (request.headers.authorization)
          request.log.warn({ ip: request.ip, reason: result.reason }, 'cwmp: CPE authentication failed');
        if (result.delayMs > 0) await sleep(result.delayMs);
        return reply
          .code(401)
          .header('www-authenticate', result.challenge)
          .header('content-type', 'text/plain; charset=utf-8')
          .send('Authentication required.');
      }
    }
    const raw = (request.body as Buffer | undefined) ?? Buffer.alloc(0);
    const body = decompress(raw, request.headers['content-encoding'], o.bodyLimitBytes);
    if (!Buffer.isBuffer(body)) return send(reply, body);
    const baseUrl = o.publicUrl ?? `${request.protocol}://${request.host}`;
    const result = await o.engine.handle(body, session ? sessionId : null, request.ip, baseUrl);
    if (result.openedSession) {
      socketSessions.set(socket, result.openedSession);
      reply.header('set-cookie', `${SESSION_COOKIE}=${result.openedSession}; Path=/; HttpOnly`);
    }
    return send(reply, result);
  }

  // Routers are not browsers: the console's security headers would only cost bytes on every reply,
  // and errors (a 503 while the database is down among them) are plain text like the door's own.
  app.post('/', { helmet: false, config: { textErrors: true } }, handle);
  app.post('/*', { helmet: false, config: { textErrors: true } }, handle);
}
