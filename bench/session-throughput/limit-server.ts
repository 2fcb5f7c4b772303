// The limit: a bare node:http server that reads each body and answers a canned InformResponse, then
// 204 to the empty POST. No parsing, no database: what the HTTP stack alone costs per session.
import { createServer } from 'node:http';

const INFORM_RESPONSE =
  '<?xml version="1.0" encoding="UTF-8"?>\n<soap-env:Envelope xmlns:soap-env="http://schemas.xmlsoap.org/soap/envelope/" ' +
  'xmlns:cwmp="urn:dslforum-org:cwmp-1-0"><soap-env:Header><cwmp:ID soap-env:mustUnderstand="1">1</cwmp:ID></soap-env:Header>' +
  '<soap-env:Body><cwmp:InformResponse><MaxEnvelopes>1</MaxEnvelopes></cwmp:InformResponse></soap-env:Body></soap-env:Envelope>';

// The session ends with Connection: close, as Provisor (like GenieACS) ends a session;
// LIMIT_KEEP_ALIVE=1 keeps the connection for the next session instead (not what a CWMP session does).
const CLOSE = process.env.LIMIT_KEEP_ALIVE !== '1';

const server = createServer((req, res) => {
  // A load balancer's health check (bench/cluster-throughput puts this server behind HAProxy).
  if (req.method === 'GET' && req.url === '/health') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  let size = 0;
  req.on('data', (chunk: Buffer) => (size += chunk.length));
  req.on('end', () => {
    if (size === 0) {
      res.writeHead(204, CLOSE ? { connection: 'close' } : {}).end();
    } else {
      res
        .writeHead(200, { 'content-type': 'text/xml; charset="utf-8"', 'set-cookie': 'session=1; Path=/' })
        .end(INFORM_RESPONSE);
    }
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const a = server.address();
  process.stdout.write(`${typeof a === 'object' && a ? a.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
