// The cwmp module's public surface: other modules import only this file (issue 15, point 3).
// The session engine and its RPC source (session-engine.ts, rpc-source.ts) are being rewritten as
// a step function (issue 15, point 1); their exports join this list when that lands.
export {
  connectionTarget,
  createConnectionRequester,
  type ConnectionOutcome,
  type ConnectionRequester,
  type ConnectionRequesterOptions,
  type ConnectionResult,
  type ConnectionTarget,
} from './connection-request';
export {
  admission,
  createCpeAuthenticator,
  type CpeAuthenticator,
  type CpeAuthOptions,
  type CpePrincipal,
} from './cpe-auth';
export { createLoadShedder, type LoadShedder, type LoadShedderOptions } from './load-shedder';
export { cwmpDoor, type CwmpDoorOptions } from './plugin';
export { connectionRoutes } from './routes';
export type { SessionObserver } from './session-engine';
