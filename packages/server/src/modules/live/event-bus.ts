// One in-process bus for everything the console should hear about (architecture.md, data path 4).
// Payloads follow spec §3 "Live message".

export interface LiveEvents {
  performance_update: {
    cpuUsage: number;
    memoryUsage: number;
    activeConnections: number;
    requestsPerSecond: number;
  };
  device_status_update: {
    serialNumber: string;
    status: string;
    deviceId: string;
    productClass: string;
    oui: string;
  };
  job_update: { id: string; type: string; status: string; deviceId: string; error: string | null };
  system_alert: { level: 'info' | 'warning' | 'error'; message: string; details?: unknown };
  connection_event: { connected: boolean; deviceId: string; ipAddress: string };
  stats_update: Record<string, number>;
}

export type LiveEventType = keyof LiveEvents;

export interface LiveMessage<T extends LiveEventType = LiveEventType> {
  type: T;
  timestamp: string;
  payload: LiveEvents[T];
}

type Listener = (message: LiveMessage) => void;

export function createEventBus() {
  const listeners = new Set<Listener>();
  return {
    publish<T extends LiveEventType>(type: T, payload: LiveEvents[T]): void {
      const message: LiveMessage<T> = { type, timestamp: new Date().toISOString(), payload };
      for (const listener of listeners) listener(message as LiveMessage);
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
