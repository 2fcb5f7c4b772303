// One in-process bus for everything the console should hear about (architecture.md, data path 4).
// Its messages are those of the API contract (contract/live.ts, spec §3 "Live message"), so the
// server and the console cannot disagree about a payload.
import type { LiveEvents, LiveEventType, LiveMessage } from '../../contract';

export type { LiveEvents, LiveEventType, LiveMessage };

type Listener = (message: LiveMessage) => void;

export function createEventBus() {
  const listeners = new Set<Listener>();
  return {
    publish<T extends LiveEventType>(type: T, payload: LiveEvents[T]): void {
      // TypeScript cannot correlate a generic `type` with its payload in the union; publish's own
      // signature is what keeps them together.
      const message = { type, timestamp: new Date().toISOString(), payload } as LiveMessage;
      for (const listener of listeners) listener(message);
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
