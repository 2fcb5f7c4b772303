// The minimal ACS the sim-fleet benchmark runs in its own process, so its memory is not counted:
// InformResponse to every Inform, 204 to everything else. Prints its port, then counts Informs.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decode, encode } from '@provisor/cwmp';

let informs = 0;
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    if (body.length === 0) return void res.writeHead(204).end();
    const { envelope } = decode(body);
    if (envelope.body.name !== 'Inform') return void res.writeHead(204).end();
    informs++;
    const header = envelope.header.id === undefined ? {} : { id: envelope.header.id };
    const xml = encode({
      namespace: envelope.namespace,
      header,
      body: { name: 'InformResponse', maxEnvelopes: 1 },
    });
    res.writeHead(200, { 'content-type': 'text/xml; charset="utf-8"' }).end(xml);
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => {
  process.stderr.write(`acs: ${informs} informs\n`);
  server.close();
  server.closeAllConnections();
});
