// Consoles as the web console connects (packages/web/src/lib/live-client.ts, features/dashboard): a
// sign-in, the live channel `/ws` with the subprotocols ["provisor", <token>], and the Dashboard's
// queries, fetched on open and every `pollMs` (GET /api/stats and /api/stats/trend are refetched every
// 30 s; /api/activity?limit=50 and /api/stats/performance are fetched with them and on live messages).
import WebSocket from 'ws';

const DASHBOARD = ['/api/stats', '/api/stats/trend', '/api/stats/performance', '/api/activity?limit=50'];

export interface Consoles {
  /** Live messages received by all consoles so far. */
  messages(): number;
  /** Failed polls and sockets closed by the server. */
  failures(): number;
  /** One round of the Dashboard's queries by every console (as at each refetch). */
  pollAll(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Signs `count` consoles in (one after another). Kept apart from opening them: each sign-in runs scrypt
 * (16 MB) on libuv's thread pool, whose malloc arenas keep that memory in the RSS afterwards, which is
 * the cost of signing in, not of a console kept open.
 */
export async function signInConsoles(url: string, password: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) tokens.push(await signIn(url, password));
  return tokens;
}

async function signIn(url: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export async function openConsoles(url: string, tokens: string[], pollMs: number): Promise<Consoles> {
  let messages = 0;
  let failures = 0;
  let closing = false;
  const clients: { token: string; socket: WebSocket }[] = [];
  for (const token of tokens) {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`, ['provisor', token]);
    await new Promise<void>((res, rej) => {
      socket.once('open', () => res());
      socket.once('error', rej);
    });
    socket.on('message', () => messages++);
    socket.on('close', () => {
      if (!closing) failures++;
    });
    clients.push({ token, socket });
  }
  async function poll(token: string): Promise<void> {
    await Promise.all(
      DASHBOARD.map(async (path) => {
        try {
          const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
          await res.arrayBuffer();
          if (!res.ok) failures++;
        } catch {
          failures++;
        }
      }),
    );
  }
  const pollAll = async () => {
    // Ten consoles at a time: their refetch timers are not in step.
    for (let i = 0; i < clients.length; i += 10)
      await Promise.all(clients.slice(i, i + 10).map((c) => poll(c.token)));
  };
  await pollAll();
  const timer = setInterval(() => void pollAll(), pollMs);
  return {
    messages: () => messages,
    failures: () => failures,
    pollAll,
    async close() {
      closing = true;
      clearInterval(timer);
      await Promise.all(
        clients.map(
          (c) =>
            new Promise<void>((res) => {
              if (c.socket.readyState === WebSocket.CLOSED) return res();
              c.socket.once('close', () => res());
              c.socket.close();
            }),
        ),
      );
    },
  };
}
