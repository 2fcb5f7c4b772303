import type { LiveSocket } from '@/lib/live-client';

/** A scriptable stand-in for the browser WebSocket; every instance is recorded in `FakeWebSocket.instances`. */
export class FakeWebSocket implements LiveSocket {
  static instances: FakeWebSocket[] = [];
  static reset(): void {
    FakeWebSocket.instances = [];
  }
  static get last(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('No FakeWebSocket was created');
    return socket;
  }

  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  closedWith: { code: number | undefined; reason: string | undefined } | null = null;

  constructor(
    readonly url: string,
    readonly protocols?: string | string[],
  ) {
    FakeWebSocket.instances.push(this);
  }

  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }

  // Server-side events
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(data: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  fail(): void {
    this.onerror?.(new Event('error'));
  }
  serverClose(code = 1006): void {
    this.readyState = 3;
    this.onclose?.(
      Object.assign(new Event('close'), { code, reason: '', wasClean: code === 1000 }) as CloseEvent,
    );
  }
}
