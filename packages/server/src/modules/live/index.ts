// The live module's public surface: other modules import only this file (issue 15, point 3).
export {
  createEventBus,
  type BusMessage,
  type EventBus,
  type LiveEvents,
  type LiveEventType,
  type LiveMessage,
} from './event-bus';
export { default as livePlugin, registerWebsocket } from './plugin';
export { createKeyedThrottle, type KeyedThrottle, type KeyedThrottleOptions } from './throttle';
