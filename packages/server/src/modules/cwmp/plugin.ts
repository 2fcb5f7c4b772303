// The CWMP door: POST to `cwmp.path` (settings; default "/"). Reads the raw body (gzip and deflate
// accepted, TR-069 Amendment 6, 3.4.7), finds the session by its cookie (by the connection only for
// routers that send no cookie, and never behind a declared reverse proxy), authenticates the first
// message of each session and every Inform, and hands the body to the session engine. A message
// outside a session, or that answers no RPC, may be only as large as an Inform needs to be: only
// answers to the ACS's own RPCs may be large.
import type { Socket } from 'node:net';
import { gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFound } from '../../errors';
import type { CpeAuthenticator, CpePrincipal } from './cpe-auth';
import { normalizeAddress } from '../../net/addresses';
import type { LoadShedder } from './load-shedder';
import type { CwmpReply, SessionEngine } from './session-engine';
import type { SettingsService } from '../settings/index';

export const SESSION_COOKIE = 'provisor_session';

export interface CwmpDoorOptions {
  engine: SessionEngine;
  auth: CpeAuthenticator;
  settings: SettingsService;
  bodyLimitBytes: number;
  /**
   * How long a router may take to send one message's body. Routers send it at once; a connection
   * that trickles bytes (slowloris) would otherwise hold its socket as long as it likes.
   */
  bodyTimeoutMs: number;
  /** Largest message outside a session or answering no RPC (an Inform, a TransferComplete...). */
  firstMessageLimitBytes: number;
  /**
   * Whether a request without the session cookie belongs to the session its connection opened. Not
   * behind a reverse proxy: its connections carry the requests of many routers.
   */
  connectionFallback: boolean;
  /** Says when the event loop is too late to open new sessions. */
  shedder: LoadShedder;
  /** Base URL CPEs should use for files; by default the scheme and Host of their own request. */
  publicUrl: string | null;
}

function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  // Some CPEs separate cookies with commas instead of semicolons.
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

/** A connection that carried the sessions of two routers at once identifies neither. */
const SHARED = Symbol('shared connection');

class BodyTooLarge extends Error {
  readonly statusCode = 413;
  constructor(limit: number) {
    super(`The CWMP message is larger than ${limit} bytes, the most this server accepts here.`);
  }
}

class BodyTimeout extends Error {
  readonly statusCode = 408;
  constructor(ms: number) {
    super(`The CWMP message did not arrive within ${ms} ms; send the whole message at once.`);
  }
}

/** Reads a body of at most `limit` bytes, refusing a larger one as soon as it shows, or a slow one. */
function readBody(
  stream: NodeJS.ReadableStream,
  declaredLength: unknown,
  limit: number,
  timeoutMs: number,
): Promise<Buffer> {
  if (Number(declaredLength) > limit) return Promise.reject(new BodyTooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => {
      stream.removeAllListeners('data');
      stream.resume();
      reject(new BodyTimeout(timeoutMs));
    }, timeoutMs);
    const settle = () => clearTimeout(timer);
    stream.on('close', settle);
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        settle();
        stream.removeAllListeners('data');
        stream.resume();
        reject(new BodyTooLarge(limit));
      } else chunks.push(chunk);
    });
    stream.on('end', () => {
      settle();
      resolve(Buffer.concat(chunks, size));
    });
    stream.on('error', (err) => {
      settle();
      reject(err);
    });
  });
}

export async function cwmpDoor(app: FastifyInstance, o: CwmpDoorOptions) {
  const socketSessions = new WeakMap<Socket, string | typeof SHARED>();
  /** The session each request names, found before its body is read (it sets the body's limit). */
  const named = new WeakMap<FastifyRequest, string | null>();

  function sessionNamed(request: FastifyRequest): string | null {
    const cookie = cookieValue(request.headers.cookie, SESSION_COOKIE);
    if (cookie !== null || !o.connectionFallback) return cookie;
    const bound = socketSessions.get(request.raw.socket);
    return typeof bound === 'string' ? bound : null;
  }

  function bindSocket(socket: Socket, sessionId: string): void {
    const bound = socketSessions.get(socket);
    const shared = bound === SHARED || (bound !== undefined && o.engine.session(bound) !== undefined);
    socketSessions.set(socket, shared ? SHARED : sessionId);
  }

  /** The path as the router decoded it (`POST /*`). */
  const cwmpPathOf = (request: FastifyRequest) => `/${(request.params as { '*'?: string })['*'] ?? ''}`;

  /** Only an answer to one of our RPCs may be large (read, and inflated). */
  const bodyLimitFor = (sessionId: string | null) =>
    o.engine.awaitsAnswer(sessionId) ? o.bodyLimitBytes : o.firstMessageLimitBytes;

  app.removeAllContentTypeParsers();
  // CPEs send text/xml with or without charset, or no Content-Type at all: take every body raw.
  app.addContentTypeParser('*', (request, payload, done) => {
    const sessionId = named.get(request) ?? null;
    const limit = bodyLimitFor(sessionId);
    readBody(payload, request.headers['content-length'], limit, o.bodyTimeoutMs).then(
      (body) => done(null, body),
      (err: Error) => done(err),
    );
  });
  app.addHook('onRequest', async (request, reply) => {
    // Routers send any Content-Type, an empty one (`Content-Type:`), or none. The door reads every
    // body raw and never looks at the header, so it is dropped here: Fastify would refuse an empty or
    // malformed one with 415 before the door saw the message, even an Inform (issue 23). The body
    // is then read by the parser above, with its limits and timeout, as a body without one is.
    delete request.headers['content-type'];
    // A path other than the CWMP path is nothing the door serves: 404 before its body is read, so a
    // large POST to a mistyped API route is told so, not "larger than the CWMP message limit".
    if (cwmpPathOf(request) !== o.settings.get().cwmp.path) return sendNotFound(request, reply);
    const sessionId = sessionNamed(request);
    named.set(request, sessionId);
    // A new session while the event loop runs late: refused before its body is read.
    if (!o.engine.session(sessionId) && o.shedder.overloaded())
      return send(reply, o.shedder.refuse(request.log));
  });

  function send(reply: FastifyReply, r: CwmpReply) {
    return reply.code(r.status).headers(r.headers).send(r.body);
  }

  /** `POST /*`: the path as the router decoded it, and the body as bytes (the parser above). */
  async function handle(
    request: FastifyRequest<{ Params: { '*'?: string }; Body: Buffer | undefined }>,
    reply: FastifyReply,
  ) {
    const settings = o.settings.get().cwmp;
    if (cwmpPathOf(request) !== settings.path) return sendNotFound(request, reply);
    if (!settings.enabled) {
      return send(reply, {
        status: 503,
        body: 'CWMP is disabled on this server.',
        headers: { 'retry-after': '300', 'content-type': 'text/plain; charset=utf-8' },
      });
    }
    const remoteAddress = normalizeAddress(request.ip);
    const sessionId = named.get(request) ?? null;
    const session = o.engine.session(sessionId);
    const authorization = request.headers.authorization;
    // A session is authenticated on its first message, and every Inform again (the engine asks for
    // credentials when an Inform comes without); the other messages ride on the session. Credentials
    // that are presented must hold, in a session or not.
    let principal: CpePrincipal | null = null;
    if (!session || authorization) {
      const result = await o.auth.authenticate(authorization, 'POST', request.url, remoteAddress);
      if (!result.ok) {
        if (authorization)
          request.log.warn({ ip: remoteAddress, reason: result.reason }, 'cwmp: CPE authentication failed');
        if (result.delayMs > 0) await sleep(result.delayMs);
        return reply
          .code(401)
          .header('www-authenticate', result.challenge)
          .header('content-type', 'text/plain; charset=utf-8')
          .send('Authentication required.');
      }
      principal = result.principal;
    }
    const raw = request.body ?? Buffer.alloc(0);
    const body = decompress(raw, request.headers['content-encoding'], bodyLimitFor(sessionId));
    if (!Buffer.isBuffer(body)) return send(reply, body);
    const baseUrl = o.publicUrl ?? `${request.protocol}://${request.host}`;
    // A cookie of a session this process does not hold: another process's (behind a load balancer
    // that lost the affinity, or whose process died), or one that timed out.
    const stale = !session && cookieValue(request.headers.cookie, SESSION_COOKIE) !== null;
    const result = await o.engine.handle(body, {
      sessionId: session ? sessionId : null,
      principal,
      remoteAddress,
      baseUrl,
      ...(stale ? { stale: true } : {}),
    });
    if (stale && result.status === 204)
      reply.header('set-cookie', `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly`);
    if (result.challenge) reply.header('www-authenticate', o.auth.challenge());
    if (result.openedSession) {
      bindSocket(request.raw.socket, result.openedSession);
      reply.header('set-cookie', `${SESSION_COOKIE}=${result.openedSession}; Path=/; HttpOnly`);
    }
    return send(reply, result);
  }

  // Routers are not browsers: the console's security headers would only cost bytes on every reply,
  // and errors (a 503 while the database is down among them) are plain text like the door's own.
  // Public: routers authenticate with CWMP's own means (cpe-auth.ts), not with a console token.
  // No access-log line per message at info (Fastify's "incoming request" and "request completed"):
  // at a million routers that is 4,000 lines a second; sessions log what happens in them, and a
  // warning or error on this route is still written.
  const options = { helmet: false, logLevel: 'warn', config: { public: true, textErrors: true } } as const;
  app.post('/', options, handle);
  app.post('/*', options, handle);
}
