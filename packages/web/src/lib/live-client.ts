// The live channel (spec §4): one WebSocket to /ws with automatic reconnect. Independent of React:
// the WebSocket constructor and the timers are injectable so the schedule is testable with fake timers.
// Once the spec's 5 attempts are spent the client waits for a reason to try again: the operator's
// Reconnect (reconnectNow), or a sign that the server may be back (resume: the browser is online again,
// the tab is visible again, an API call succeeded), each starting a new round on the same schedule.
import {
  LIVE_CONNECT_TIMEOUT_MS,
  LIVE_MAX_RECONNECT_ATTEMPTS,
  LIVE_NORMAL_CLOSE_CODE,
  LIVE_SESSION_ENDED_CLOSE_CODE,
  LIVE_RECONNECT_BASE_DELAY_MS,
  LIVE_RECONNECT_MAX_DELAY_MS,
  LIVE_SUBPROTOCOL,
} from '@/config/constants';
import { parseLiveMessage, type LiveMessage } from './live-messages';

/** disconnected → connecting → connected; errors show as 'error' until the next attempt. */
export type LiveStatus = 'disconnected' | 'connecting' | 'connected' | 'error';

/** The part of the browser WebSocket the client uses. */
export interface LiveSocket {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  close(code?: number, reason?: string): void;
}

export type LiveSocketConstructor = new (url: string, protocols?: string | string[]) => LiveSocket;

export interface LiveTimers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/** The browser's own timers (tests pass fake ones). */
export const browserTimers: LiveTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface LiveClientOptions {
  /** The channel URL; a function so it is read at each attempt. */
  url: string | (() => string);
  /** The current session token, sent as the second subprotocol (browsers cannot set headers). */
  getToken: () => string | null | undefined;
  WebSocket?: LiveSocketConstructor;
  timers?: LiveTimers;
  logger?: Pick<Console, 'warn' | 'error' | 'info'>;
  maxReconnectAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A socket not open after this long is given up as failed (a hanging connection). */
  connectTimeoutMs?: number;
}

export type LiveMessageListener = (message: LiveMessage) => void;
export type LiveStatusListener = (status: LiveStatus) => void;

/** spec §4: 1000 ms × 2^attempt, capped at 30 s: 2, 4, 8, 16, 30 s for attempts 1..5. */
export function reconnectDelay(
  attempt: number,
  baseMs = LIVE_RECONNECT_BASE_DELAY_MS,
  maxMs = LIVE_RECONNECT_MAX_DELAY_MS,
) {
  return Math.min(baseMs * 2 ** attempt, maxMs);
}

/** ws: or wss: to /ws on the page's host. */
export function defaultLiveUrl(loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws`;
}

export class LiveClient {
  private socket: LiveSocket | null = null;
  private reconnectTimer: unknown = null;
  private connectTimer: unknown = null;
  private attempts = 0;
  /** True between connect() and disconnect(): the client wants a connection. */
  private wanted = false;
  private currentStatus: LiveStatus = 'disconnected';
  private readonly messageListeners = new Set<LiveMessageListener>();
  private readonly statusListeners = new Set<LiveStatusListener>();
  private readonly sessionEndedListeners = new Set<() => void>();
  private readonly options: Required<Omit<LiveClientOptions, 'WebSocket' | 'timers' | 'logger'>> & {
    WebSocket: LiveSocketConstructor | undefined;
    timers: LiveTimers;
    logger: Pick<Console, 'warn' | 'error' | 'info'>;
  };

  constructor(options: LiveClientOptions) {
    this.options = {
      url: options.url,
      getToken: options.getToken,
      WebSocket: options.WebSocket,
      timers: options.timers ?? browserTimers,
      logger: options.logger ?? console,
      maxReconnectAttempts: options.maxReconnectAttempts ?? LIVE_MAX_RECONNECT_ATTEMPTS,
      baseDelayMs: options.baseDelayMs ?? LIVE_RECONNECT_BASE_DELAY_MS,
      maxDelayMs: options.maxDelayMs ?? LIVE_RECONNECT_MAX_DELAY_MS,
      connectTimeoutMs: options.connectTimeoutMs ?? LIVE_CONNECT_TIMEOUT_MS,
    };
  }

  get status(): LiveStatus {
    return this.currentStatus;
  }

  /** How many reconnect attempts have been made since the last successful open. */
  get reconnectAttempts(): number {
    return this.attempts;
  }

  /** Opens the channel (no-op while one is open or opening) and keeps it open until disconnect(). */
  connect(): void {
    if (this.wanted && (this.socket || this.reconnectTimer !== null)) return; // open, opening or waiting to retry
    this.wanted = true;
    this.attempts = 0;
    this.open();
  }

  /**
   * The operator's Reconnect: a new round of attempts starting now, unless a socket is open or opening.
   * A pending retry is brought forward.
   */
  reconnectNow(): void {
    if (!this.wanted || this.socket) return;
    this.cancelReconnect();
    this.attempts = 0;
    this.open();
  }

  /**
   * A sign that the server may be reachable again (online, tab visible, an API call answered): starts a
   * new round only when the last one gave up; a retry already scheduled keeps the spec's schedule.
   */
  resume(): void {
    if (!this.wanted || this.socket || this.reconnectTimer !== null) return;
    this.attempts = 0;
    this.open();
  }

  /** Manual disconnect (e.g. logout): closes with 1000 and never reconnects. */
  disconnect(): void {
    this.wanted = false;
    this.cancelReconnect();
    this.cancelConnectTimeout();
    this.attempts = 0;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      this.detach(socket);
      socket.close(LIVE_NORMAL_CLOSE_CODE, 'Client disconnect');
    }
    this.setStatus('disconnected');
  }

  /** Receives every well-formed message. Returns the unsubscribe function. */
  subscribe(listener: LiveMessageListener): () => void {
    this.messageListeners.add(listener);
    return () => {
      this.messageListeners.delete(listener);
    };
  }

  /**
   * Calls `listener` when the server closes the channel because the session behind it ended
   * (LIVE_SESSION_ENDED_CLOSE_CODE: logout, refresh, or an admin who disabled the user or reset their
   * password). The client still reconnects; the listener finds out whether the session lives on.
   */
  onSessionEnded(listener: () => void): () => void {
    this.sessionEndedListeners.add(listener);
    return () => {
      this.sessionEndedListeners.delete(listener);
    };
  }

  onStatusChange(listener: LiveStatusListener): () => void {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  }

  private open(): void {
    const token = this.options.getToken();
    if (!token) {
      this.setStatus('disconnected');
      return;
    }
    this.setStatus('connecting');
    const url = typeof this.options.url === 'function' ? this.options.url() : this.options.url;
    let socket: LiveSocket;
    try {
      const Socket = this.options.WebSocket ?? (globalThis.WebSocket as unknown as LiveSocketConstructor);
      socket = new Socket(url, [LIVE_SUBPROTOCOL, token]);
    } catch (error) {
      // spec §8: "Failed to initialize connection"; no socket, so no close event: schedule the retry here.
      this.options.logger.error('Failed to initialize connection', error);
      this.setStatus('error');
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.connectTimer = this.options.timers.setTimeout(() => {
      this.connectTimer = null;
      if (this.socket !== socket) return;
      this.options.logger.error(`Connection failed: not open after ${this.options.connectTimeoutMs} ms`);
      this.socket = null;
      this.detach(socket);
      socket.close();
      this.setStatus('error');
      this.scheduleReconnect();
    }, this.options.connectTimeoutMs);
    socket.onopen = () => {
      this.cancelConnectTimeout();
      this.attempts = 0; // spec §4: the counter resets on a successful open
      this.setStatus('connected');
    };
    socket.onmessage = (event) => this.handleMessage(event.data);
    socket.onerror = (event) => {
      this.options.logger.error('Connection failed', event); // spec §8
      this.setStatus('error');
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.cancelConnectTimeout();
      this.socket = null;
      this.detach(socket);
      // Keep "Connection Error" visible after an error; a clean close reads Disconnected.
      if (this.currentStatus !== 'error') this.setStatus('disconnected');
      if (event.code !== LIVE_NORMAL_CLOSE_CODE) this.scheduleReconnect();
      if (event.code === LIVE_SESSION_ENDED_CLOSE_CODE)
        this.sessionEndedListeners.forEach((listener) => listener());
    };
  }

  private handleMessage(data: unknown): void {
    const message = parseLiveMessage(data);
    if (!message) {
      this.options.logger.warn('Ignoring malformed live message', data);
      return;
    }
    for (const listener of [...this.messageListeners]) {
      try {
        listener(message);
      } catch (error) {
        this.options.logger.error('Live message listener failed', error);
      }
    }
  }

  private scheduleReconnect(): void {
    if (!this.wanted || this.reconnectTimer !== null) return;
    if (this.attempts >= this.options.maxReconnectAttempts) {
      this.options.logger.warn(`Live channel: giving up after ${this.attempts} reconnect attempts`);
      return;
    }
    this.attempts += 1;
    const delay = reconnectDelay(this.attempts, this.options.baseDelayMs, this.options.maxDelayMs);
    this.options.logger.info(`Live channel: reconnect attempt ${this.attempts} in ${delay} ms`);
    this.reconnectTimer = this.options.timers.setTimeout(() => {
      this.reconnectTimer = null;
      if (this.wanted && !this.socket) this.open();
    }, delay);
  }

  private cancelReconnect(): void {
    if (this.reconnectTimer !== null) {
      this.options.timers.clearTimeout(this.reconnectTimer);
      this.reconnectTimer = null;
    }
  }

  private cancelConnectTimeout(): void {
    if (this.connectTimer !== null) {
      this.options.timers.clearTimeout(this.connectTimer);
      this.connectTimer = null;
    }
  }

  private detach(socket: LiveSocket): void {
    socket.onopen = null;
    socket.onmessage = null;
    socket.onerror = null;
    socket.onclose = null;
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const listener of [...this.statusListeners]) listener(status);
  }
}
