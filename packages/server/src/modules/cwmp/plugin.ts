// The CWMP door: POST to `cwmp.path` (settings; default "/"). Reads the raw body (gzip and deflate
// accepted, TR-069 Amendment 6, 3.4.7), finds the session by its cookie (by the connection only for
// routers that send no cookie, and never behind a declared reverse proxy), authenticates the first
// message of each session and every Inform, and hands the body to the session engine. A message
// outside a session, or that answers no RPC, may be only as large as an Inform needs to be: only
// answers to the ACS's own RPCs may be large.
//
// The door works on Node's own request and response. A POST whose path is the CWMP path as written
// reaches it straight from the HTTP server (`fastPath`, app.ts), without Fastify's request, reply,
// hooks and child logger: a periodic session is two such messages, and at a million routers they are
// most of the server's work. Any other spelling of the path (`/cwmp/`, `/%63wmp`, a path Fastify
// decodes to it), a request behind a trusted proxy (whose address Fastify reads from
// X-Forwarded-For), and requests made with `inject` reach it through Fastify's route below, which
// hands the same request and response to the same `serve`.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { asText, createErrorAnswers, sendNotFound } from '../../errors';
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

const EMPTY_BODY = Buffer.alloc(0);

/**
 * Reads request bodies of at most `limit` bytes, refusing a larger one as soon as it shows, or one
 * that takes longer than `timeoutMs`. One timer watches every body being read (a timer each cost a
 * setTimeout and a clearTimeout per message, and messages are most of what the server does); it
 * looks every fifth of the timeout, at most every second, so a slow body is refused within 1.2 times
 * the timeout (or a second past it).
 */
function createBodyReader(timeoutMs: number) {
  /** Each body being read, and when it must have arrived. */
  const reading = new Map<NodeJS.ReadableStream, { due: number; expire: () => void }>();
  const every = Math.min(1000, Math.max(20, Math.floor(timeoutMs / 5)));
  let timer: NodeJS.Timeout | null = null;

  function check(): void {
    const now = Date.now();
    for (const r of reading.values()) if (r.due <= now) r.expire();
    if (reading.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  }

  return function readBody(
    stream: NodeJS.ReadableStream,
    declaredLength: unknown,
    limit: number,
  ): Promise<Buffer> {
    if (Number(declaredLength) > limit) return Promise.reject(new BodyTooLarge(limit));
    // The empty POST (half of every session's messages): nothing to wait for. Node drops the unread
    // request once the response ends.
    if (declaredLength === '0' && (stream as IncomingMessage).headers['transfer-encoding'] === undefined)
      return Promise.resolve(EMPTY_BODY);
    return new Promise((resolve, reject) => {
      let first: Buffer | null = null;
      let chunks: Buffer[] | null = null;
      let size = 0;
      const stop = () => {
        reading.delete(stream);
        stream.removeAllListeners('data');
        stream.resume();
      };
      reading.set(stream, {
        due: Date.now() + timeoutMs,
        expire: () => {
          stop();
          reject(new BodyTimeout(timeoutMs));
        },
      });
      timer ??= setInterval(check, every).unref();
      stream.on('close', () => reading.delete(stream));
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) {
          stop();
          reject(new BodyTooLarge(limit));
        } else if (first === null) first = chunk;
        else (chunks ??= [first]).push(chunk);
      });
      stream.on('end', () => {
        reading.delete(stream);
        // Most messages arrive in one chunk: that chunk is the body, not a copy of it.
        resolve(chunks !== null ? Buffer.concat(chunks, size) : (first ?? EMPTY_BODY));
      });
      stream.on('error', (err) => {
        reading.delete(stream);
        reject(err);
      });
    });
  };
}

/** What the door answers (a challenge may be several WWW-Authenticate headers). */
interface DoorReply {
  status: number;
  body: string;
  headers: OutgoingHttpHeaders;
}

/** Who sent a request, as the door needs it. */
export interface Peer {
  /** The router's address (behind a trusted proxy, the one X-Forwarded-For names). */
  ip: string;
  protocol: string;
  /** The Host header, as the router sent it. */
  host: string | undefined;
}

/** The peer of a request straight from the HTTP server (no proxy trusted). */
export function directPeer(req: IncomingMessage): Peer {
  const socket = req.socket as TLSSocket;
  return {
    ip: socket.remoteAddress ?? '',
    protocol: socket.encrypted ? 'https' : 'http',
    host: req.headers.host,
  };
}

/** The path of a request's URL, as sent (no decoding, no query). */
function rawPath(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

export function createCwmpDoor(o: CwmpDoorOptions & { log: FastifyBaseLogger }) {
  const socketSessions = new WeakMap<Socket, string | typeof SHARED>();
  const errorAnswer = createErrorAnswers();
  const readBody = createBodyReader(o.bodyTimeoutMs);

  function sessionNamed(req: IncomingMessage, cookie: string | null): string | null {
    if (cookie !== null || !o.connectionFallback) return cookie;
    const bound = socketSessions.get(req.socket);
    return typeof bound === 'string' ? bound : null;
  }

  function bindSocket(socket: Socket, sessionId: string): void {
    const bound = socketSessions.get(socket);
    const shared = bound === SHARED || (bound !== undefined && o.engine.session(bound) !== undefined);
    socketSessions.set(socket, shared ? SHARED : sessionId);
  }

  /** Only an answer to one of our RPCs may be large (read, and inflated). */
  const bodyLimitFor = (sessionId: string | null) =>
    o.engine.awaitsAnswer(sessionId) ? o.bodyLimitBytes : o.firstMessageLimitBytes;

  /** One message in, its reply out (the caller matched the path). */
  async function exchange(req: IncomingMessage, peer: Peer): Promise<DoorReply> {
    const cookie = cookieValue(req.headers.cookie, SESSION_COOKIE);
    const sessionId = sessionNamed(req, cookie);
    const session = o.engine.session(sessionId);
    // A new session while the event loop runs late: refused before its body is read.
    if (!session && o.shedder.overloaded()) return o.shedder.refuse(o.log);
    // Routers send any Content-Type, an empty one, or none: every body is read raw (issue 23).
    const raw = await readBody(req, req.headers['content-length'], bodyLimitFor(sessionId));
    const settings = o.settings.get().cwmp;
    if (!settings.enabled) {
      return {
        status: 503,
        body: 'CWMP is disabled on this server.',
        headers: { 'retry-after': '300', 'content-type': 'text/plain; charset=utf-8' },
      };
    }
    const remoteAddress = normalizeAddress(peer.ip);
    const authorization = req.headers.authorization;
    // A session is authenticated on its first message, and every Inform again (the engine asks for
    // credentials when an Inform comes without); the other messages ride on the session. Credentials
    // that are presented must hold, in a session or not.
    let principal: CpePrincipal | null = null;
    if (!session || authorization) {
      const result = await o.auth.authenticate(authorization, 'POST', req.url ?? '/', remoteAddress);
      if (!result.ok) {
        if (authorization)
          o.log.warn({ ip: remoteAddress, reason: result.reason }, 'cwmp: CPE authentication failed');
        if (result.delayMs > 0) await sleep(result.delayMs);
        return {
          status: 401,
          body: 'Authentication required.',
          headers: { 'www-authenticate': result.challenge, 'content-type': 'text/plain; charset=utf-8' },
        };
      }
      principal = result.principal;
    }
    const body = decompress(raw, req.headers['content-encoding'], bodyLimitFor(sessionId));
    if (!Buffer.isBuffer(body)) return body;
    const baseUrl = o.publicUrl ?? `${peer.protocol}://${peer.host}`;
    // A cookie of a session this process does not hold: another process's (behind a load balancer
    // that lost the affinity, or whose process died), or one that timed out.
    const stale = !session && cookie !== null;
    const result = await o.engine.handle(body, {
      sessionId: session ? sessionId : null,
      principal,
      remoteAddress,
      baseUrl,
      ...(stale ? { stale: cookie } : {}),
    });
    let setCookie: string | undefined;
    if (stale && result.status === 204) setCookie = `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly`;
    if (result.openedSession) {
      bindSocket(req.socket, result.openedSession);
      setCookie = `${SESSION_COOKIE}=${result.openedSession}; Path=/; HttpOnly`;
    }
    if (setCookie === undefined && !result.challenge)
      return { status: result.status, body: result.body, headers: result.headers };
    const headers: OutgoingHttpHeaders = { ...result.headers };
    if (result.challenge) headers['www-authenticate'] = o.auth.challenge();
    if (setCookie !== undefined) headers['set-cookie'] = setCookie;
    return { status: result.status, body: result.body, headers };
  }

  function send(res: ServerResponse, r: DoorReply) {
    if (res.headersSent || res.destroyed) return;
    const headers: OutgoingHttpHeaders = { ...r.headers };
    if (r.status !== 204 && r.status !== 304) {
      headers['content-length'] = Buffer.byteLength(r.body);
      headers['content-type'] ??= 'text/plain; charset=utf-8';
    }
    res.writeHead(r.status, headers);
    res.end(r.status === 204 || r.status === 304 ? undefined : r.body);
  }

  function answer(res: ServerResponse, r: DoorReply, answered: ((status: number) => void) | undefined) {
    send(res, r);
    answered?.(r.status);
  }

  /**
   * Serves one POST whose path is the CWMP path; `answered` is told the reply's status (the fast
   * path counts requests itself: Fastify's onResponse hooks do not run there).
   */
  function serve(req: IncomingMessage, res: ServerResponse, peer: Peer, answered?: (status: number) => void) {
    exchange(req, peer)
      .then(
        (r) => answer(res, r, answered),
        (err: Error) => {
          // A router that hung up mid-message is told nothing.
          // (Not `req.destroyed`: a request whose body was read whole is destroyed too.)
          if (req.socket?.destroyed) return;
          answer(res, asText(errorAnswer(err as FastifyError, o.log)), answered);
        },
      )
      .catch((err: unknown) => {
        // Writing the answer itself failed (a header Node refuses, say): log it and drop the
        // connection rather than leave the router waiting until its own timeout.
        o.log.error({ err }, 'CWMP answer could not be written');
        res.destroy();
      });
  }

  return {
    serve,
    /** Whether the request is a POST to the CWMP path as written (the HTTP server hands it straight here). */
    takes: (req: IncomingMessage): boolean =>
      req.method === 'POST' && rawPath(req.url ?? '') === o.settings.get().cwmp.path,
  };
}

export type CwmpDoor = ReturnType<typeof createCwmpDoor>;

/** Fastify's route to the door: every spelling of the CWMP path that Fastify matches, and `inject`. */
export async function cwmpDoor(
  app: FastifyInstance,
  { door, settings }: { door: CwmpDoor; settings: SettingsService },
) {
  /** The path as the router decoded it (`POST /*`). */
  const cwmpPathOf = (request: FastifyRequest) => `/${(request.params as { '*'?: string })['*'] ?? ''}`;

  app.addHook('onRequest', async (request, reply) => {
    // A path other than the CWMP path is nothing the door serves: 404 before its body is read, so a
    // large POST to a mistyped API route is told so, not "larger than the CWMP message limit".
    if (cwmpPathOf(request) !== settings.get().cwmp.path) return sendNotFound(request, reply);
    // The door reads the body and answers on Node's own request and response.
    reply.hijack();
    door.serve(request.raw, reply.raw, { ip: request.ip, protocol: request.protocol, host: request.host });
    return reply;
  });

  // Never reached: the hook above answers every request (the routes exist for Fastify to match them).
  const unreachable = async () => {
    throw new Error('cwmp: the door answers in its onRequest hook');
  };
  // Routers are not browsers: the console's security headers would only cost bytes on every reply,
  // and errors (a 503 while the database is down among them) are plain text like the door's own.
  // Public: routers authenticate with CWMP's own means (cpe-auth.ts), not with a console token.
  // No access-log line per message at info (Fastify's "incoming request" and "request completed"):
  // at a million routers that is 4,000 lines a second; sessions log what happens in them, and a
  // warning or error on this route is still written.
  const options = { helmet: false, logLevel: 'warn', config: { public: true, textErrors: true } } as const;
  app.post('/', options, unreachable);
  app.post('/*', options, unreachable);
}
