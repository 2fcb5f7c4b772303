// Auth as a plugin: every route needs a valid, unrevoked, unexpired bearer token (a sign-in's or an
// API token's) unless it declares `config: { public: true }` (sign-in, the console's files, and the
// router doors, which authenticate routers their own way), and a role its permission allows
// (permissions.ts; issue 22). Protection is decided on the route the router matched, the one that will
// run, never on the URL text: the router decodes and normalises the path first (`/%61pi/devices` is
// `/api/devices`), and an undeclared route, or no route at all, is protected.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService } from './service';
import type { TokenClaims } from './tokens';
import { me, type Role } from '../../contract/users';
import { errorResponses } from '../../contract/common';
import { checkPermission, routePermission } from './permissions';
import { LoginFailure } from './service';
import { loginSchema, logoutSchema, refreshSchema, verifySchema } from './schemas';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route anyone may call without a token; only `true` counts. */
    public?: boolean;
  }
  interface FastifyRequest {
    auth: TokenClaims | null;
    /** What the audit log records as the detail of this request (e.g. why a sign-in failed). */
    auditDetail: string | null;
    /** The role the audit log records when no one was authenticated yet (a sign-in that succeeded). */
    auditRole: Role | null;
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
  app.decorateRequest('auditDetail', null);
  app.decorateRequest('auditRole', null);

  async function guard(request: FastifyRequest): Promise<void> {
    const needed = routePermission(request.routeOptions.config);
    if (needed === 'public') return;
    request.auth ??= await auth.authenticate(bearerToken(request), request.ip);
    // Every registered route declares a permission (the server refuses to start otherwise); only the
    // not-found handler has none, and it reveals nothing: any signed-in role reaches its 404.
    checkPermission(request.auth.role, needed ?? 'read');
  }
  // Before the body is read and before a WebSocket upgrade.
  app.addHook('onRequest', guard);
  // A public route that hands a request on with `reply.callNotFound()` (the console's catch-all, for
  // paths it does not serve) runs the not-found handler's preHandler hooks under the not-found route,
  // which is not public: an unknown path answers as a protected route does, 401 without a token.
  app.addHook('preHandler', guard);

  app.post(
    '/api/auth/login',
    { schema: loginSchema, config: { public: true, action: 'auth.login' } },
    async (request) => {
      const { username, password } = request.body;
      const result = await auth.login(username, password, request.ip).catch((err: unknown) => {
        if (err instanceof LoginFailure) request.auditDetail = err.auditDetail;
        throw err;
      });
      request.log.info({ username }, 'signed in');
      request.auditRole = result.role;
      return { token: result.token, username: result.username };
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: logoutSchema, config: { permission: 'read' } },
    async (request, reply) => {
      await auth.logout(request.auth!);
      return reply.code(204).send(null);
    },
  );

  app.post('/api/auth/refresh', { schema: refreshSchema, config: { permission: 'read' } }, async (request) =>
    auth.refresh(request.auth!),
  );

  app.get('/api/auth/verify', { schema: verifySchema, config: { permission: 'read' } }, async (request) => ({
    valid: true,
    username: request.auth!.username,
  }));

  app.get(
    '/api/auth/me',
    { schema: { response: { 200: me, ...errorResponses } }, config: { permission: 'read' } },
    async (request) => {
      const { username, role, kind, tokenName } = request.auth!;
      return { username, role, kind, tokenName };
    },
  );
}

export default fp(authPlugin, { name: 'provisor-auth' });
