// The server's memory, read from outside: RSS from /proc/<pid>/status (VmRSS), the V8 heap from the
// server's own /metrics (prom-client's default gauges, `provisor_process_nodejs_heap_size_*`). Before
// each reading a full garbage collection is asked through the inspector (the server is started with
// NODE_OPTIONS=--inspect=127.0.0.1:0; CDP `HeapProfiler.collectGarbage`), so the heap read is what is
// live, not what the collector has not reached yet; a state is the median of several such readings.
import { readFileSync, writeFileSync } from 'node:fs';
import WebSocket from 'ws';

export interface MemoryReading {
  /** Seconds since the probe was made. */
  t: number;
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  /** Node's external memory (Buffers outside the heap): sockets' buffers land here. */
  externalMb: number;
  /** The 1-minute load average of this (shared) machine when read. */
  load1: number;
}

const MB = 1024 * 1024;

export function load1(): number {
  return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
}

function vmRssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for process ${pid}`);
  return Number(m[1]) / 1024;
}

function gauge(text: string, name: string): number {
  const m = new RegExp(`^${name} ([0-9.e+]+)`, 'm').exec(text);
  if (!m) throw new Error(`/metrics has no ${name}`);
  return Number(m[1]) / MB;
}

/** NODE_OPTIONS for the server: its inspector on a free loopback port (announced on stderr). */
export const INSPECT_OPTION = '--inspect=127.0.0.1:0';

/** The inspector the server announced ("Debugger listening on ws://..."), for full collections. */
export async function inspectorGc(output: () => string) {
  const url = /Debugger listening on (ws:\/\/\S+)/.exec(output())?.[1];
  if (!url)
    throw new Error(`the server announced no inspector (NODE_OPTIONS ${INSPECT_OPTION}):\n${output()}`);
  const socket = new WebSocket(url);
  await new Promise<void>((res, rej) => {
    socket.once('open', () => res());
    socket.once('error', rej);
  });
  let id = 0;
  const waiting = new Map<number, () => void>();
  let chunks: string[] = [];
  socket.on('message', (data: Buffer) => {
    const m = JSON.parse(data.toString()) as { id?: number; method?: string; params?: { chunk: string } };
    if (m.method === 'HeapProfiler.addHeapSnapshotChunk') chunks.push(m.params!.chunk);
    if (m.id !== undefined) waiting.get(m.id)?.();
  });
  const call = (method: string, params: object = {}) =>
    new Promise<void>((res) => {
      const n = ++id;
      waiting.set(n, () => {
        waiting.delete(n);
        res();
      });
      socket.send(JSON.stringify({ id: n, method, params }));
    });
  return {
    collect: () => call('HeapProfiler.collectGarbage'),
    /** A heap snapshot of the server (after a full collection), written to `path`. */
    async snapshot(path: string): Promise<void> {
      await call('HeapProfiler.collectGarbage');
      chunks = [];
      await call('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      writeFileSync(path, chunks.join(''));
      chunks = [];
    },
    close: () => socket.close(),
  };
}

export function memoryProbe(
  url: string,
  pid: number,
  metricsToken: string,
  gc: { collect(): Promise<void> },
) {
  const t0 = performance.now();
  async function read(): Promise<MemoryReading> {
    await gc.collect();
    const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
    if (!res.ok) throw new Error(`/metrics: HTTP ${res.status}`);
    const text = await res.text();
    return {
      t: (performance.now() - t0) / 1000,
      rssMb: vmRssMb(pid),
      heapUsedMb: gauge(text, 'provisor_process_nodejs_heap_size_used_bytes'),
      heapTotalMb: gauge(text, 'provisor_process_nodejs_heap_size_total_bytes'),
      externalMb: gauge(text, 'provisor_process_nodejs_external_memory_bytes'),
      load1: load1(),
    };
  }
  /** The median (field by field) of `count` readings `everyMs` apart, after waiting `settleMs`. */
  async function settled(count: number, everyMs: number, settleMs: number): Promise<MemoryReading> {
    await sleep(settleMs);
    const readings: MemoryReading[] = [];
    for (let i = 0; i < count; i++) {
      if (i > 0) await sleep(everyMs);
      readings.push(await read());
    }
    const med = (f: (r: MemoryReading) => number) => median(readings.map(f));
    return {
      t: readings[readings.length - 1]!.t,
      rssMb: med((r) => r.rssMb),
      heapUsedMb: med((r) => r.heapUsedMb),
      heapTotalMb: med((r) => r.heapTotalMb),
      externalMb: med((r) => r.externalMb),
      load1: load1(),
    };
  }
  return { read, settled };
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Least-squares slope of y over x. */
export function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((a, p) => a + p.x, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.x - mx) * (p.y - my);
    den += (p.x - mx) ** 2;
  }
  return num / den;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
