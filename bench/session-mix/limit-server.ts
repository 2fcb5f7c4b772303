// The limit for the mix: a bare node:http server that plays the ACS side of the same exchanges with
// canned messages and no database: InformResponse; then, for a router with a job (its kind read from
// the serial number in the Inform), the canned SetParameterValues or GetParameterValues; then 204.
import { createServer } from 'node:http';
import { encode, parameterValue } from '@provisor/cwmp';
import { GET_PATH, SET_PARAMETERS, kindInText, type Kind } from './mix';

const INFORM_RESPONSE = encode({
  namespace: 'urn:dslforum-org:cwmp-1-2',
  header: { id: '1' },
  body: { name: 'InformResponse', maxEnvelopes: 1 },
});
const REQUEST: Record<Exclude<Kind, 'plain'>, string> = {
  set: encode({
    namespace: 'urn:dslforum-org:cwmp-1-2',
    header: { id: '2' },
    body: {
      name: 'SetParameterValues',
      parameterList: SET_PARAMETERS.map((p) => parameterValue(p.name, 'string', p.value)),
      parameterKey: 'mix-1',
    },
  }),
  get: encode({
    namespace: 'urn:dslforum-org:cwmp-1-2',
    header: { id: '2' },
    body: { name: 'GetParameterValues', parameterNames: [GET_PATH] },
  }),
};

let nextSession = 1;
/** Session cookie → the job still to send (deleted once sent). */
const pending = new Map<string, Exclude<Kind, 'plain'>>();

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const text = Buffer.concat(chunks).toString('utf8');
    if (text.includes(':Inform>')) {
      const id = String(nextSession++);
      const kind = kindInText(text);
      if (kind !== 'plain') pending.set(id, kind);
      res
        .writeHead(200, {
          'content-type': 'text/xml; charset="utf-8"',
          'set-cookie': `session=${id}; Path=/`,
        })
        .end(INFORM_RESPONSE);
      return;
    }
    const id = /session=(\d+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
    const kind = text.length === 0 ? pending.get(id) : undefined;
    if (kind) {
      pending.delete(id);
      res.writeHead(200, { 'content-type': 'text/xml; charset="utf-8"' }).end(REQUEST[kind]);
      return;
    }
    pending.delete(id);
    res.writeHead(204, { connection: 'close' }).end();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const a = server.address();
  process.stdout.write(`${typeof a === 'object' && a ? a.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
