// Auth as a plugin: every route needs a valid, unrevoked, unexpired bearer token unless it declares
// `config: { public: true }` (sign-in, the console's files, and the router doors, which authenticate
// routers their own way). Protection is decided on the route the router matched, the one that will
// run, never on the URL text: the router decodes and normalises the path first (`/%61pi/devices` is
// `/api/devices`), and an undeclared route, or no route at all, is protected.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService } from './service';
import type { TokenClaims } from './tokens';
import { loginSchema, logoutSchema, refreshSchema, verifySchema } from './schemas';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route anyone may call without a token; only `true` counts. */
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

async function authPlugin(fastify: FastifyInstance, { auth }: { auth: AuthService }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.decorateRequest('auth', null);

  async function guard(request: FastifyRequest): Promise<void> {
    if (request.auth || request.routeOptions.config?.public === true) return;
    request.auth = await auth.authenticate(bearerToken(request));
  }
  // Before the body is read and before a WebSocket upgrade.
  app.addHook('onRequest', guard);
  // A public route that hands a request on with `reply.callNotFound()` (the console's catch-all, for
  // paths it does not serve) runs the not-found handler's preHandler hooks under the not-found route,
  // which is not public: an unknown path answers as a protected route does, 401 without a token.
  app.addHook('preHandler', guard);

  app.post('/api/auth/login', { schema: loginSchema, config: { public: true } }, async (request) => {
    const { username, password } = request.body;
    const result = await auth.login(username, password, request.ip);
    request.log.info({ username }, 'signed in');
    return result;
  });

  app.post('/api/auth/logout', { schema: logoutSchema }, async (request, reply) => {
    await auth.logout(request.auth!);
    return reply.code(204).send(null);
  });

  app.post('/api/auth/refresh', { schema: refreshSchema }, async (request) => auth.refresh(request.auth!));

  app.get('/api/auth/verify', { schema: verifySchema }, async (request) => ({
    valid: true,
    username: request.auth!.username,
  }));
}

export default fp(authPlugin, { name: 'provisor-auth' });
