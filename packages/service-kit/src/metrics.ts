import type Koa from 'koa';
import type { Knex } from 'knex';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * What an operator scrapes from each service (Prometheus text format, on the internal listener,
 * never routed by the gateway): request latency by route and status (its _count is the request
 * count), the database pool's connections, and Node's own (event-loop lag, memory, GC, handles).
 * One registry per service, so services sharing a process (the tests) keep their figures apart.
 */
export interface ServiceMetrics {
  registry: Registry;
  /** Times every request of the public app; the route label is the router's pattern, never the raw path. */
  middleware: Koa.Middleware;
  jobs: JobMetrics;
}

/** Seconds: a pass with nothing to do (~10 ms) to a commit of 100,000 rows. */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900];

/**
 * The background work of a service, by job name (daily_digest, import_commit, import_rows_purge,
 * renewal_sweep): runs by outcome, how long each took, the items each handled (mails sent, rows
 * applied, rows purged, renewal items written) and when one last succeeded (to alert on a job
 * that stopped).
 */
export class JobMetrics {
  private readonly runs: Counter<'job' | 'outcome'>;
  private readonly duration: Histogram<'job'>;
  private readonly items: Counter<'job'>;
  private readonly lastSuccess: Gauge<'job'>;

  constructor(registry: Registry) {
    const registers = [registry];
    this.runs = new Counter({
      name: 'job_runs_total',
      help: 'Runs of a background job, by outcome.',
      labelNames: ['job', 'outcome'],
      registers,
    });
    this.duration = new Histogram({
      name: 'job_duration_seconds',
      help: 'Time a run of a background job took.',
      labelNames: ['job'],
      buckets: JOB_BUCKETS,
      registers,
    });
    this.items = new Counter({ name: 'job_items_total', help: 'Items a background job handled.', labelNames: ['job'], registers });
    this.lastSuccess = new Gauge({
      name: 'job_last_success_timestamp_seconds',
      help: 'When a run of a background job last succeeded (Unix time).',
      labelNames: ['job'],
      registers,
    });
  }

  /** Shows `job` on /metrics before its first run (at 0), so every job of the service is listed. */
  declare(job: string): void {
    for (const outcome of ['success', 'failure']) this.runs.inc({ job, outcome }, 0);
    this.items.inc({ job }, 0);
  }

  /** Runs `work` as one run of `job`: timed, counted by outcome, its items (from its result) added. Failures are rethrown. */
  async record<T>(job: string, work: () => Promise<T>, itemsOf: (result: T) => number = () => 0): Promise<T> {
    const stop = this.duration.startTimer({ job });
    try {
      const result = await work();
      this.runs.inc({ job, outcome: 'success' });
      const items = itemsOf(result);
      if (items > 0) this.items.inc({ job }, items);
      this.lastSuccess.setToCurrentTime({ job });
      return result;
    } catch (error) {
      this.runs.inc({ job, outcome: 'failure' });
      throw error;
    } finally {
      stop();
    }
  }
}

/** Seconds: from a cached read (~1 ms) to a slow upload. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface PoolLike {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

export function createMetrics(service: string, knex: Knex): ServiceMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request of the public API, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const pool = () => (knex.client as { pool?: PoolLike }).pool;
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections: in use and idle.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const current = pool();
      if (!current) return;
      this.set({ state: 'used' }, current.numUsed());
      this.set({ state: 'free' }, current.numFree());
    },
  });
  new Gauge({
    name: 'db_pool_pending_acquires',
    help: 'Queries waiting for a connection of the pool (not connections).',
    registers: [registry],
    collect() {
      const current = pool();
      if (current) this.set(current.numPendingAcquires());
    },
  });
  return {
    registry,
    jobs: new JobMetrics(registry),
    async middleware(ctx, next) {
      const stop = latency.startTimer();
      try {
        await next();
      } finally {
        // Unmatched paths share one label: a scan of random URLs cannot grow the series.
        const route = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
        stop({ method: ctx.method, route: typeof route === 'string' ? route : 'unmatched', status: String(ctx.status) });
      }
    },
  };
}

/** GET /metrics on the internal listener, answered before the internal token is asked for. */
export function metricsEndpoint(registry: Registry): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/metrics' || ctx.method !== 'GET') return next();
    ctx.set('Content-Type', registry.contentType);
    ctx.body = await registry.metrics();
  };
}
