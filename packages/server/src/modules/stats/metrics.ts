// GET /metrics (issue 18 point 5): Prometheus text from prom-client, on its own registry (nothing
// global). Counters move with what the bus and the session engine tell; the device and job gauges are
// counted when scraped (one statement each, by the scraper's request, never by a router's session).
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { SessionObserver } from '../cwmp/index';
import type { DevicesService } from '../devices/index';
import type { JobsService } from '../jobs/index';
import type { EventBus } from '../live/index';

export interface MetricsDeps {
  bus: EventBus;
  devices: Pick<DevicesService, 'countByStatus'>;
  jobs: Pick<JobsService, 'countByStatus'>;
  activeSessions: () => number;
  /** Statements sent to the database since it opened (on PostgreSQL, one round trip each). */
  statements: () => number;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createMetrics({ bus, devices, jobs, activeSessions, statements }: MetricsDeps) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'provisor_process_' });
  const sessions = new Counter({
    name: 'provisor_cwmp_sessions_total',
    help: 'CWMP sessions opened (an Inform recorded)',
    registers: [registry],
  });
  const sessionsEnded = new Counter({
    name: 'provisor_cwmp_sessions_ended_total',
    help: 'CWMP sessions ended',
    registers: [registry],
  });
  const sessionSeconds = new Histogram({
    name: 'provisor_cwmp_session_duration_seconds',
    help: 'CWMP sessions, from the Inform recorded to the session closed',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  new Gauge({
    name: 'provisor_cwmp_sessions_active',
    help: 'CWMP sessions open in this process',
    registers: [registry],
    collect() {
      this.set(activeSessions());
    },
  });
  let statementsCounted = 0;
  new Counter({
    name: 'provisor_db_statements_total',
    help: 'Statements sent to the database by this process (on PostgreSQL each is a round trip)',
    registers: [registry],
    collect() {
      const now = statements();
      this.inc(Math.max(0, now - statementsCounted));
      statementsCounted = now;
    },
  });
  const informs = new Counter({
    name: 'provisor_cwmp_informs_total',
    help: 'Informs received, by outcome (recorded, refused)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const informSeconds = new Histogram({
    name: 'provisor_cwmp_inform_duration_seconds',
    help: 'Time to record an Inform',
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const rpcs = new Counter({
    name: 'provisor_cwmp_rpcs_total',
    help: 'RPCs sent to routers and answered, by method and outcome (answered, fault)',
    labelNames: ['method', 'outcome'],
    registers: [registry],
  });
  const rpcSeconds = new Histogram({
    name: 'provisor_cwmp_rpc_duration_seconds',
    help: 'Time from an RPC handed to a router to its answer, by method',
    labelNames: ['method'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const connectionRequests = new Counter({
    name: 'provisor_connection_requests_total',
    help: 'Connection requests sent, by outcome',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const httpRequests = new Counter({
    name: 'provisor_http_requests_total',
    help: 'HTTP requests answered, by status class (2xx, 4xx...)',
    labelNames: ['status'],
    registers: [registry],
  });
  const jobsFinished = new Counter({
    name: 'provisor_jobs_finished_total',
    help: 'Jobs that reached a final status (completed, failed, cancelled), by type and status',
    labelNames: ['type', 'status'],
    registers: [registry],
  });
  new Gauge({
    name: 'provisor_devices',
    help: 'Devices by status',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const counts = await devices.countByStatus();
      for (const [status, n] of Object.entries(counts)) this.set({ status }, n);
    },
  });
  new Gauge({
    name: 'provisor_jobs',
    help: 'Jobs by status',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const counts = await jobs.countByStatus();
      for (const [status, n] of Object.entries(counts)) this.set({ status }, n);
    },
  });

  const stops = [
    bus.on('connection_event', ({ connected }) => {
      if (connected) sessions.inc();
    }),
    bus.on('connection_request_done', ({ outcome }) => connectionRequests.inc({ outcome })),
    bus.on('job_update', ({ type, status }) => {
      if (status === 'completed' || status === 'failed' || status === 'cancelled')
        jobsFinished.inc({ type, status });
    }),
  ];

  const observer: SessionObserver = {
    inform(seconds, outcome) {
      informs.inc({ outcome });
      informSeconds.observe(seconds);
    },
    rpc(method, seconds, outcome) {
      rpcs.inc({ method, outcome });
      rpcSeconds.observe({ method }, seconds);
    },
    sessionEnded: (seconds: number) => {
      sessionsEnded.inc();
      sessionSeconds.observe(seconds);
    },
  };

  return {
    observer,
    countHttp(statusCode: number): void {
      httpRequests.inc({ status: `${Math.floor(statusCode / 100)}xx` });
    },
    contentType: registry.contentType,
    text: () => registry.metrics(),
    stop(): void {
      for (const stop of stops) stop();
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
