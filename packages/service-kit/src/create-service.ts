import http from 'node:http';
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import type { Knex } from 'knex';
import Koa from 'koa';
import helmet from 'koa-helmet';
import { Model } from 'objection';
import type pino from 'pino';
import type { BaseConfig } from './config';
import { ensureSessionsTable, createKnex, migrateSchema } from './database';
import { errorMiddleware } from './errors';
import { createLogger, requestLogging } from './logging';
import { requireInternalToken, sameOriginGuard } from './security';
import { deleteExpiredSessions, sessionMiddleware } from './session';

export interface ServiceDeps {
  knex: Knex;
  config: BaseConfig;
  log: pino.Logger;
}

export interface CreateServiceOptions {
  config: BaseConfig;
  migrationsDir: string;
  /** Public routes; their paths include /api/... as the gateway forwards them unchanged. */
  routes: (router: Router, deps: ServiceDeps) => void;
  /** Routes for other services, mounted under /internal and guarded by the internal token. */
  internalRoutes?: (router: Router, deps: ServiceDeps) => void;
}

export interface Service {
  app: Koa;
  knex: Knex;
  log: pino.Logger;
  listen(port?: number): Promise<http.Server>;
  close(): Promise<void>;
}

const JSON_LIMIT = '100kb';
const SESSION_CLEANUP_MS = 10 * 60 * 1000;

/** The same Koa app for every service: a new service is its routes plus its migrations. */
export async function createService(options: CreateServiceOptions): Promise<Service> {
  const { config } = options;
  const log = createLogger(config.name, config.logLevel);
  const knex = createKnex(config.databaseUrl, config.name, options.migrationsDir);
  await ensureSessionsTable(knex);
  await migrateSchema(knex, config.name);
  Model.knex(knex);

  const app = new Koa({ proxy: true, keys: config.sessionKeys });
  app.silent = true;
  const deps: ServiceDeps = { knex, config, log };

  app.use(requestLogging(log));
  app.use(errorMiddleware());
  app.use(helmet({ contentSecurityPolicy: false }));
  app.use(async (ctx, next) => {
    await next();
    // Answers are per user: never let a shared cache keep them unless a route says otherwise.
    if (!ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'no-store');
  });

  const health = new Router();
  health.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  health.get('/readyz', async (ctx) => {
    try {
      await knex.raw('select 1');
      ctx.body = { status: 'ok' };
    } catch {
      ctx.status = 503;
      ctx.body = { status: 'indisponível' };
    }
  });
  app.use(health.routes());

  const internal = new Router({ prefix: '/internal' });
  internal.use(requireInternalToken(config.internalToken));
  options.internalRoutes?.(internal, deps);

  app.use(sameOriginGuard());
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: JSON_LIMIT, encoding: 'utf-8' }));
  app.use(internal.routes());
  app.use(sessionMiddleware(app, knex));

  const router = new Router();
  options.routes(router, deps);
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: false }));

  const cleanup = setInterval(() => {
    deleteExpiredSessions(knex).catch((error: unknown) => log.warn({ err: error }, 'session cleanup failed'));
  }, SESSION_CLEANUP_MS);
  cleanup.unref();

  const servers = new Set<http.Server>();
  return {
    app,
    knex,
    log,
    listen(port = config.port) {
      return new Promise((resolve, reject) => {
        const server = http.createServer(app.callback());
        server.keepAliveTimeout = 65_000; // longer than nginx's upstream keepalive_timeout
        server.once('error', reject);
        server.listen(port, () => {
          servers.add(server);
          resolve(server);
        });
      });
    },
    async close() {
      clearInterval(cleanup);
      await Promise.all(
        [...servers].map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeIdleConnections();
            }),
        ),
      );
      await knex.destroy();
    },
  };
}

/** Listens, logs the URL, and drains in-flight requests on SIGTERM / SIGINT before exiting. */
export async function runService(service: Service, port: number): Promise<void> {
  await service.listen(port);
  service.log.info({ port }, `listening on http://127.0.0.1:${port}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    service.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        service.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
