// A small scripted ACS for the simulator's tests: a node:http server speaking CWMP through the
// codec (not Provisor's server). Tests queue ACS requests per serial number and read back what the
// devices sent. Sessions are tracked by a cookie it sets in the InformResponse.
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  buildDigestChallenge,
  decode,
  decodeBasicCredentials,
  encode,
  parseAuthHeader,
  verifyDigestResponse,
} from '@provisor/cwmp';
import type { CpeMethodRequest, CwmpMessage, DigestHash, Inform, TransferComplete } from '@provisor/cwmp';

const hash: DigestHash = (alg, data) =>
  createHash(alg === 'MD5' ? 'md5' : 'sha256')
    .update(data)
    .digest('hex');

export interface ScriptedAcsOptions {
  auth?: { scheme: 'basic' | 'digest'; username: string; password: string };
  /** Send HoldRequests=true in the InformResponse. */
  holdRequests?: boolean;
  /** Answer this many Informs with HTTP 500 first (a failing ACS). */
  failInforms?: number;
  /** Answer Informs with this cwmp fault instead (e.g. 8002). */
  informFault?: number;
}

export interface AcsSession {
  id: string;
  serial: string;
  inform: Inform;
  /** Every message the CPE POSTed after the Inform (responses, faults, TransferComplete). */
  received: CwmpMessage[];
  /** Remote port of each POST: one value = one connection for the whole session. */
  ports: Set<number>;
  emptyPosts: number;
  ended: boolean;
  cookieSeen: boolean;
}

export class ScriptedAcs {
  readonly sessions: AcsSession[] = [];
  readonly pending = new Map<string, CpeMethodRequest[]>();
  unauthorized = 0;
  /** Most sessions open at the same time. */
  peakOpen = 0;
  private readonly bySession = new Map<string, AcsSession>();
  private readonly nc = new Map<string, number>();
  private informsSeen = 0;
  private nextId = 1;
  url = '';

  private constructor(
    private readonly server: Server,
    readonly options: ScriptedAcsOptions,
  ) {}

  static async start(options: ScriptedAcsOptions = {}): Promise<ScriptedAcs> {
    const ref: { self?: ScriptedAcs } = {};
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => ref.self?.handle(req, res, Buffer.concat(chunks).toString('utf8')));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    ref.self = new ScriptedAcs(server, options);
    ref.self.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/acs`;
    return ref.self;
  }

  /** ACS requests for `serial`'s next session(s), sent in order after its empty POST. */
  queue(serial: string, ...requests: CpeMethodRequest[]): void {
    this.pending.set(serial, [...(this.pending.get(serial) ?? []), ...requests]);
  }

  sessionsOf(serial: string): AcsSession[] {
    return this.sessions.filter((s) => s.serial === serial);
  }

  informsOf(serial: string): Inform[] {
    return this.sessionsOf(serial).map((s) => s.inform);
  }

  /** Event codes of each Inform of `serial`, e.g. [['0 BOOTSTRAP', '1 BOOT'], ['2 PERIODIC']]. */
  eventsOf(serial: string): string[][] {
    return this.informsOf(serial).map((i) => i.event.map((e) => e.eventCode));
  }

  receivedOf(serial: string): CwmpMessage[] {
    return this.sessionsOf(serial).flatMap((s) => s.received);
  }

  transferCompletesOf(serial: string): TransferComplete[] {
    return this.receivedOf(serial).filter((m): m is TransferComplete => m.name === 'TransferComplete');
  }

  async waitFor<T>(
    probe: () => T | undefined | false,
    timeoutMs = 5000,
    what = 'the ACS condition',
  ): Promise<T> {
    const started = Date.now();
    for (;;) {
      const v = probe();
      if (v !== undefined && v !== false) return v;
      if (Date.now() - started > timeoutMs) throw new Error(`ScriptedAcs: timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }

  private authorized(req: IncomingMessage, res: ServerResponse): boolean {
    const auth = this.options.auth;
    if (auth === undefined) return true;
    const header = req.headers.authorization ?? '';
    const [cred] = parseAuthHeader(header);
    let ok = false;
    if (auth.scheme === 'basic' && cred?.scheme.toLowerCase() === 'basic' && cred.params.token68) {
      const c = decodeBasicCredentials(cred.params.token68);
      ok = c?.username === auth.username && c.password === auth.password;
    } else if (auth.scheme === 'digest' && cred?.scheme.toLowerCase() === 'digest') {
      const p = cred.params;
      const last = this.nc.get(p.nonce ?? '');
      const nc = parseInt(p.nc ?? '0', 16);
      // Replay check: the nonce must be ours and nc must grow.
      ok =
        last !== undefined &&
        nc > last &&
        p.username === auth.username &&
        verifyDigestResponse(p, { method: 'POST', password: auth.password }, hash);
      if (ok) this.nc.set(p.nonce ?? '', nc);
    }
    if (ok) return true;
    this.unauthorized++;
    let challenge = 'Basic realm="scripted-acs"';
    if (auth.scheme === 'digest') {
      const nonce = randomBytes(8).toString('hex');
      this.nc.set(nonce, 0);
      challenge = buildDigestChallenge({ realm: 'scripted-acs', nonce, algorithm: 'MD5' });
    }
    res
      .writeHead(401, { 'www-authenticate': challenge, 'content-length': 0, connection: 'keep-alive' })
      .end();
    return false;
  }

  private reply(
    res: ServerResponse,
    session: AcsSession | undefined,
    msg: CwmpMessage | undefined,
    id?: string,
    hold?: boolean,
  ): void {
    if (msg === undefined) {
      if (session) session.ended = true;
      res.writeHead(204).end();
      return;
    }
    const header: { id?: string; holdRequests?: boolean } = {};
    if (id !== undefined) header.id = id;
    if (hold) header.holdRequests = true;
    const body = encode({ namespace: 'urn:dslforum-org:cwmp-1-2', header, body: msg });
    res.writeHead(200, { 'content-type': 'text/xml; charset="utf-8"' }).end(body);
  }

  private handle(req: IncomingMessage, res: ServerResponse, body: string): void {
    if (!this.authorized(req, res)) return;
    const cookie = /acs-session=([^;\s]+)/.exec(req.headers.cookie ?? '')?.[1];
    let session = cookie !== undefined ? this.bySession.get(cookie) : undefined;
    if (session) session.cookieSeen = true;
    const port = req.socket.remotePort ?? 0;
    if (body.trim() === '') {
      if (!session || session.ended) return this.reply(res, undefined, undefined);
      session.ports.add(port);
      session.emptyPosts++;
      return this.sendNext(res, session);
    }
    const { envelope } = decode(body);
    const msg = envelope.body;
    if (msg.name === 'Inform') {
      this.informsSeen++;
      if (this.informsSeen <= (this.options.failInforms ?? 0)) {
        res.writeHead(500, { 'content-length': 0 }).end();
        return;
      }
      const id = `s${this.nextId++}`;
      session = {
        id,
        serial: msg.deviceId.serialNumber,
        inform: msg,
        received: [],
        ports: new Set([port]),
        emptyPosts: 0,
        ended: false,
        cookieSeen: false,
      };
      this.sessions.push(session);
      this.peakOpen = Math.max(this.peakOpen, this.sessions.filter((x) => !x.ended).length);
      if (this.options.informFault !== undefined) {
        session.ended = true;
        const f = {
          name: 'Fault' as const,
          soapFaultCode: 'Server',
          soapFaultString: 'CWMP fault',
          faultCode: this.options.informFault,
          faultString: 'refused',
        };
        return this.reply(res, session, f, envelope.header.id);
      }
      this.bySession.set(id, session);
      res.setHeader('set-cookie', `acs-session=${id}; Path=/acs; HttpOnly`);
      return this.reply(
        res,
        session,
        { name: 'InformResponse', maxEnvelopes: 1 },
        envelope.header.id,
        this.options.holdRequests,
      );
    }
    if (!session) {
      res.writeHead(400, { 'content-length': 0 }).end();
      return;
    }
    session.ports.add(port);
    session.received.push(msg);
    if (msg.name === 'TransferComplete')
      return this.reply(res, session, { name: 'TransferCompleteResponse' }, envelope.header.id);
    return this.sendNext(res, session);
  }

  private sendNext(res: ServerResponse, session: AcsSession): void {
    const queue = this.pending.get(session.serial) ?? [];
    const next = queue.shift();
    this.reply(
      res,
      session,
      next,
      next ? `acs-${this.nextId++}` : undefined,
      next ? this.options.holdRequests : undefined,
    );
  }
}
