// The auth module's public surface: other modules import only this file (issue 15, point 3).
export {
  createLoginLimiter,
  type LoginLimiter,
  type LoginLimiterOptions,
  type LoginRefusal,
} from './login-limiter';
export { default as authPlugin, bearerToken, LIVE_SUBPROTOCOL } from './plugin';
export { createAuthService, unauthorized, type AuthService, type AuthServiceDeps } from './service';
export { createTokenSigner, loadSigningSecret, type TokenClaims, type TokenSigner } from './tokens';
export { API_TOKEN_PREFIX, createApiTokens, type ApiTokens } from './api-tokens';
export { auditAction, checkPermission, requirePermissions, routePermission } from './permissions';
export { tokenRoutes } from './token-routes';
