import type Koa from 'koa';
import type { Knex } from 'knex';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

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
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections: in use, idle, and requests waiting for one.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = (knex.client as { pool?: PoolLike }).pool;
      if (!pool) return;
      this.set({ state: 'used' }, pool.numUsed());
      this.set({ state: 'free' }, pool.numFree());
      this.set({ state: 'pending' }, pool.numPendingAcquires());
    },
  });
  return {
    registry,
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
