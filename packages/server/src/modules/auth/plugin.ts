// Auth as a plugin: every /api route and /ws need a valid, unrevoked, unexpired bearer token,
// except routes that declare `config: { public: true }` (sign-in itself).
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService } from './service';
import type { TokenClaims } from './tokens';
import { loginSchema, logoutSchema, refreshSchema, verifySchema } from './schemas';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route anyone may call, without a token. */
    public?: boolean;
  }
  interface FastifyRequest {
    auth: TokenClaims | null;
  }
}

/** Subprotocol a browser offers beside its token, since browsers cannot set WebSocket headers. */
export const LIVE_SUBPROTOCOL = 'provisor';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match?.[1] ?? '';
  }
  // WebSocket clients: `Sec-WebSocket-Protocol: provisor, <token>`.
  const protocols = request.headers['sec-websocket-protocol'];
  if (typeof protocols === 'string') {
    const offered = protocols.split(',').map((p) => p.trim());
    if (offered.includes(LIVE_SUBPROTOCOL)) return offered.find((p) => p !== LIVE_SUBPROTOCOL);
  }
  return undefined;
}

export function isProtectedPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/api' || path.startsWith('/api/') || path === '/ws';
}

async function authPlugin(app: FastifyInstance, { auth }: { auth: AuthService }) {
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    if (!isProtectedPath(request.url)) return;
    // `public` counts only on a route of its own under /api: a catch-all such as the console's `/*`
    // must not open /api paths it happens to match.
    if (request.routeOptions.config?.public && isProtectedPath(request.routeOptions.url ?? '')) return;
    request.auth = await auth.authenticate(bearerToken(request));
  });

  app.post('/api/auth/login', { schema: loginSchema, config: { public: true } }, async (request) => {
    const { username, password } = request.body as { username: string; password: string };
    const result = await auth.login(username, password, request.ip);
    request.log.info({ username }, 'signed in');
    return result;
  });

  app.post('/api/auth/logout', { schema: logoutSchema }, async (request, reply) => {
    await auth.logout(request.auth!);
    return reply.code(204).send();
  });

  app.post('/api/auth/refresh', { schema: refreshSchema }, async (request) => auth.refresh(request.auth!));

  app.get('/api/auth/verify', { schema: verifySchema }, async (request) => ({
    valid: true,
    username: request.auth!.username,
  }));
}

export default fp(authPlugin, { name: 'provisor-auth' });
