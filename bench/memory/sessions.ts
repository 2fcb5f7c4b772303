// CWMP sessions held open: each client sends its Inform on its own connection, reads the
// InformResponse, and waits (the empty POST not sent yet) until told to finish, as a router that is
// slow to go on. The server keeps each such session (session-engine.ts) until it ends or times out.
import { Client } from 'undici';

export interface HeldSessions {
  /** Sessions whose Inform got its InformResponse (200). */
  opened: number;
  /** Informs answered otherwise (e.g. 503: too many concurrent sessions). */
  refused: number;
  /** Sends every empty POST; answers how many ended with 204. */
  finish(): Promise<number>;
}

export async function holdSessions(url: string, bodies: string[], concurrency = 50): Promise<HeldSessions> {
  const held: { client: Client; cookie: string }[] = [];
  let refused = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++]!;
        const client = new Client(url, { pipelining: 1, keepAliveTimeout: 600_000 });
        const res = await client.request({
          method: 'POST',
          path: '/',
          body,
          headers: { 'content-type': 'text/xml; charset=utf-8' },
        });
        await res.body.text();
        if (res.statusCode !== 200) {
          refused++;
          await client.close();
          continue;
        }
        held.push({ client, cookie: String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '' });
      }
    }),
  );
  return {
    opened: held.length,
    refused,
    async finish() {
      let ended = 0;
      for (let i = 0; i < held.length; i += concurrency) {
        await Promise.all(
          held.slice(i, i + concurrency).map(async ({ client, cookie }) => {
            try {
              const res = await client.request({ method: 'POST', path: '/', body: '', headers: { cookie } });
              await res.body.dump();
              if (res.statusCode === 204) ended++;
            } finally {
              await client.close();
            }
          }),
        );
      }
      return ended;
    },
  };
}
