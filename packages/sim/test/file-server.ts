// A tiny file server for Download/Upload tests: GET serves `files`, PUT or POST stores into `uploads`.
// Optional Basic or Digest authentication.
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  buildDigestChallenge,
  decodeBasicCredentials,
  parseAuthHeader,
  verifyDigestResponse,
} from '@provisor/cwmp';

export class FileServer {
  readonly files = new Map<string, Buffer | string>();
  readonly uploads = new Map<string, { body: string; contentType: string; method: string }>();
  url = '';

  private constructor(private readonly server: Server) {}

  static async start(auth?: {
    scheme: 'basic' | 'digest';
    username: string;
    password: string;
  }): Promise<FileServer> {
    const ref: { self?: FileServer } = {};
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const self = ref.self;
        if (!self) return;
        if (auth) {
          const [cred] = parseAuthHeader(req.headers.authorization ?? '');
          let ok = false;
          if (auth.scheme === 'basic' && cred?.params.token68) {
            const c = decodeBasicCredentials(cred.params.token68);
            ok = c?.username === auth.username && c.password === auth.password;
          } else if (auth.scheme === 'digest' && cred?.scheme === 'Digest') {
            ok =
              cred.params.username === auth.username &&
              verifyDigestResponse(
                cred.params,
                { method: req.method ?? 'GET', password: auth.password },
                (alg, d) =>
                  createHash(alg === 'MD5' ? 'md5' : 'sha256')
                    .update(d)
                    .digest('hex'),
              );
          }
          if (!ok) {
            const challenge =
              auth.scheme === 'basic'
                ? 'Basic realm="files"'
                : buildDigestChallenge({
                    realm: 'files',
                    nonce: randomBytes(6).toString('hex'),
                    algorithm: 'MD5',
                  });
            res.writeHead(401, { 'www-authenticate': challenge }).end();
            return;
          }
        }
        const path = req.url ?? '/';
        if (req.method === 'PUT' || req.method === 'POST') {
          self.uploads.set(path, {
            body: Buffer.concat(chunks).toString('utf8'),
            contentType: String(req.headers['content-type']),
            method: req.method,
          });
          res.writeHead(201).end();
          return;
        }
        const file = self.files.get(path);
        if (file === undefined) res.writeHead(404).end();
        else res.writeHead(200).end(file);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    ref.self = new FileServer(server);
    ref.self.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return ref.self;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }
}
