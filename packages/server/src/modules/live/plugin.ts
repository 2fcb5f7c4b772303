// The live channel `/ws`: the console's JSON feed `{type, timestamp, payload}`. Authentication is
// done by the auth plugin's onRequest hook before the upgrade; a revoked token's sockets are closed.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import websocket from '@fastify/websocket';
import { LIVE_SUBPROTOCOL, type AuthService, type TokenClaims } from '../auth/index';
import type { EventBus } from './event-bus';
import { sendNotFound } from '../../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is a WebSocket endpoint (upgrades elsewhere are refused). */
    websocket?: boolean;
  }
}

/** Close code sent when the session behind a socket ends (logout, refresh); the client reconnects. */
export const CLOSE_SESSION_ENDED = 4001;
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** The longest delay setTimeout takes (2^31 - 1 ms). */
const MAX_TIMER_MS = 2 ** 31 - 1;

async function livePlugin(app: FastifyInstance, { bus, auth }: { bus: EventBus; auth: AuthService }) {
  const sockets = new Map<WebSocket, TokenClaims>();

  const unsubscribe = bus.subscribe(
    (message) => {
      const data = JSON.stringify(message);
      for (const socket of sockets.keys()) {
        // A client that cannot keep up is dropped rather than buffered without bound.
        if (socket.bufferedAmount > MAX_BUFFERED_BYTES) socket.terminate();
        else socket.send(data);
      }
    },
    () => sockets.size > 0,
  );
  const close = (jti: string) => {
    for (const [socket, claims] of sockets)
      if (claims.jti === jti) socket.close(CLOSE_SESSION_ENDED, 'session ended');
  };
  // A user disabled or given a new password (issue 22): all of their sign-ins' sockets close, and
  // their API tokens' (a token's claims carry its creator's id): those reconnect, and are refused
  // then if their creator was disabled.
  const closeUser = (userId: string) => {
    for (const [socket, claims] of sockets)
      if (claims.userId === userId) socket.close(CLOSE_SESSION_ENDED, 'session ended');
  };
  const stops = [
    auth.onRevoke(close),
    auth.onUserRevoke(closeUser),
    // Ended through another process sharing the database (modules/cluster relays it).
    bus.onRemote('token_revoked', ({ jti }) => close(jti)),
    bus.onRemote('user_revoked', ({ userId }) => closeUser(userId)),
  ];
  app.addHook('onClose', async () => {
    unsubscribe();
    for (const stop of stops) stop();
  });

  app.get('/ws', { websocket: true, config: { websocket: true, permission: 'read' } }, (socket, request) => {
    const claims = request.auth!;
    sockets.set(socket, claims);
    // The token stops at its expiry, on this channel as on every other call: the socket closes then,
    // and the console, asking who it is, finds its sign-in over.
    let expiry: NodeJS.Timeout | undefined;
    const closeAtExpiry = () => {
      const left = claims.expiresAt.getTime() - Date.now();
      if (left <= 0) socket.close(CLOSE_SESSION_ENDED, 'session expired');
      // A timer waits at most about 24.8 days; a longer wait is taken in steps.
      else expiry = setTimeout(closeAtExpiry, Math.min(left, MAX_TIMER_MS)).unref();
    };
    closeAtExpiry();
    socket.on('close', () => {
      sockets.delete(socket);
      clearTimeout(expiry);
    });
    // The channel is server-to-client; anything the client sends is ignored.
    socket.on('message', () => undefined);
  });
}

/**
 * WebSocket support, registered before auth: its onRequest hook must run first so that an upgrade
 * refused by auth (401) still has its socket closed after the answer.
 */
export async function registerWebsocket(app: FastifyInstance): Promise<void> {
  await app.register(websocket, {
    options: {
      maxPayload: 64 * 1024,
      handleProtocols: (protocols) => (protocols.has(LIVE_SUBPROTOCOL) ? LIVE_SUBPROTOCOL : false),
    },
  });
  // @fastify/websocket completes an upgrade on any GET route and only then closes it (e.g. /WS reaches
  // the console's catch-all): refuse upgrades, before the handshake, where no live channel is.
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.upgrade?.toLowerCase() !== 'websocket') return;
    if (request.routeOptions.config?.websocket === true) return;
    return sendNotFound(request, reply);
  });
}

export default fp(livePlugin, {
  name: 'provisor-live',
  dependencies: ['provisor-auth', '@fastify/websocket'],
});
