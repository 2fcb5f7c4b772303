// One HTTP server for the whole fleet's connection requests (TR-069 Amendment 6, 3.2.2): GET
// /cr/<serial>, Digest authentication against that device's ConnectionRequestUsername/Password,
// 200 with an empty body when accepted (a 6 CONNECTION REQUEST session follows), 401 for missing
// or wrong credentials, 503 when the device is rate-limiting, and a reset when it is offline.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { buildDigestChallenge, parseAuthHeader, verifyDigestResponse } from '@provisor/cwmp';
import type { SimDevice } from '../device/sim-device';
import { msValue } from '../device/device-state';
import { nodeDigestHash } from '../transport/http-auth';
import { NO_QUIRKS } from '../device/quirks';

export interface CrServerOptions {
  host: string;
  /** 0 = any free port. */
  port: number;
  realm: string;
  /** How long an issued nonce stays valid, ms. */
  nonceTtlMs: number;
}

export const DEFAULT_CR_OPTIONS: CrServerOptions = {
  host: '127.0.0.1',
  port: 0,
  realm: 'Provisor Sim CPE',
  nonceTtlMs: 5 * 60_000,
};

export type CrOutcome = 'accepted' | 'busy' | 'offline' | 'unauthorized' | 'not-found' | 'dropped';

export const CR_PATH_PREFIX = '/cr/';

export class ConnectionRequestServer {
  private readonly secret = randomBytes(16);
  private readonly held = new Set<Socket>();
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    private readonly options: CrServerOptions,
    readonly port: number,
  ) {}

  static async start(
    options: CrServerOptions,
    lookup: (serial: string) => SimDevice | undefined,
    observe: (outcome: CrOutcome) => void = () => {},
  ): Promise<ConnectionRequestServer> {
    const ref: { self?: ConnectionRequestServer } = {};
    const server = createServer((req, res) => {
      const outcome = ref.self?.handle(req, res, lookup) ?? 'busy';
      observe(outcome);
    });
    server.on('connection', (s: Socket) => {
      ref.self?.sockets.add(s);
      s.on('close', () => ref.self?.sockets.delete(s));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', (e: NodeJS.ErrnoException) =>
        reject(
          new Error(
            `The connection-request server cannot listen on ${options.host}:${options.port} (${e.code ?? e.message}). ` +
              'Choose another --cr-port, or 0 for any free port.',
          ),
        ),
      );
      server.listen(options.port, options.host, () => resolve());
    });
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : options.port;
    ref.self = new ConnectionRequestServer(server, options, port);
    return ref.self;
  }

  /** The ConnectionRequestURL of a device (IPv6 literals in brackets, RFC 3986). */
  urlFor(serial: string): string {
    const host = this.options.host.includes(':') ? `[${this.options.host}]` : this.options.host;
    return `http://${host}:${this.port}${CR_PATH_PREFIX}${encodeURIComponent(serial)}`;
  }

  private nonce(): string {
    const ts = Date.now().toString(36);
    return `${ts}.${createHmac('sha256', this.secret).update(ts).digest('base64url').slice(0, 22)}`;
  }

  private nonceValid(nonce: string): boolean {
    const [ts = '', mac = ''] = nonce.split('.');
    const expected = createHmac('sha256', this.secret).update(ts).digest('base64url').slice(0, 22);
    return mac === expected && Date.now() - parseInt(ts, 36) <= this.options.nonceTtlMs;
  }

  private handle(
    req: IncomingMessage,
    res: ServerResponse,
    lookup: (serial: string) => SimDevice | undefined,
  ): CrOutcome {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const device = path.startsWith(CR_PATH_PREFIX)
      ? lookup(decodeURIComponent(path.slice(CR_PATH_PREFIX.length)))
      : undefined;
    if (device === undefined) {
      res.writeHead(404, { 'content-length': 0 }).end();
      return 'not-found';
    }
    // An offline CPE does not answer at all: the ACS sees a reset connection (GenieACS: offline).
    if (device.faults.offline) {
      req.socket.destroy();
      return 'offline';
    }
    const offered = (device.config.quirks ?? NO_QUIRKS).crDigestChallenges;
    if (!this.authorized(req, device, offered)) {
      const nonce = this.nonce();
      // One WWW-Authenticate line per algorithm, in the router's order (RFC 7616 §3.7).
      const challenges = offered.map((name) =>
        buildDigestChallenge({ realm: this.options.realm, nonce, algorithm: 'MD5' }).replace(
          'algorithm=MD5',
          `algorithm=${name}`,
        ),
      );
      res.writeHead(401, {
        'www-authenticate': challenges.length === 1 ? challenges[0] : challenges,
        'content-length': 0,
      });
      res.end();
      return 'unauthorized';
    }
    if (device.faults.crDrop === 'no-answer') {
      this.held.add(req.socket);
      device.sessionLog.add({ kind: 'connection-request', outcome: 'dropped' });
      return 'dropped';
    }
    const outcome = device.connectionRequest();
    if (outcome === 'offline') {
      req.socket.destroy();
      return 'offline';
    }
    if (outcome === 'busy') {
      res.writeHead(503, { 'content-length': 0 }).end();
      return 'busy';
    }
    res.writeHead(200, { 'content-length': 0 }).end();
    return device.faults.crDrop === 'no-session' ? 'dropped' : 'accepted';
  }

  private authorized(req: IncomingMessage, device: SimDevice, offered: readonly string[]): boolean {
    const header = req.headers.authorization;
    if (header === undefined) return false;
    const digest = parseAuthHeader(header).find((c) => c.scheme.toLowerCase() === 'digest');
    if (digest === undefined) return false;
    const p = digest.params;
    const username = msValue(device.state, 'ConnectionRequestUsername');
    if (p.username !== username || p.nonce === undefined || !this.nonceValid(p.nonce)) return false;
    if (p.uri !== req.url) return false;
    // An answer in an algorithm this router did not offer is refused (absent means MD5, RFC 7616).
    const algorithm = (p.algorithm ?? 'MD5').toUpperCase();
    if (!offered.some((a) => a.toUpperCase() === algorithm)) return false;
    const password = msValue(device.state, 'ConnectionRequestPassword');
    return verifyDigestResponse(p, { method: req.method ?? 'GET', password }, nodeDigestHash);
  }

  async close(): Promise<void> {
    for (const s of this.held) s.destroy();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      for (const s of this.sockets) s.destroy();
    });
  }
}
