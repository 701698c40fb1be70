import http from 'node:http';
import type net from 'node:net';
import Router from '@koa/router';
import type { Knex } from 'knex';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import { Model } from 'objection';
import type pino from 'pino';
import { DEFAULT_READ_YOUR_WRITES_SECONDS, type BaseConfig } from './config';
import { guardAccountTables, tagRequestTransactions } from './account-gate';
import { createKnex, migrateSchema } from './database';
import { ensureSharedTables, maySetUpSharedTables, requireOwnSearchPath, requireSharedTables } from './database-roles';
import { errorMiddleware, type UniqueConstraints } from './errors';
import { createLogger, requestLogging } from './logging';
import { SAO_PAULO } from '@corretora/contracts';
import { Jobs, jobsSchemaOf } from './jobs';
import { createMetrics, metricsEndpoint } from './metrics';
import { accountLimits } from './account-limits';
import { ACCOUNT_RATE_LIMITS_TABLE, RateLimiter, ensureRateLimitTable } from './rate-limit';
import { requireInternalToken, sameOriginGuard, securityHeaders } from './security';
import { CookieKeys, deleteExpiredSessions, requireOnboarding, sessionMiddleware, signedInUser } from './session';
import { clientSessionMiddleware, deleteExpiredClientSessions } from './client-session';
import { auditRequestWrites, auditTables } from './audit';
import { readRouting } from './read-replica';
import { currentMember, internalMember, runAsMember } from './member-context';
import { assertTablesDeclared, type ServiceTables } from './tables';
import { rejectNulCharacters } from './validation';

export interface ServiceDeps {
  knex: Knex;
  config: BaseConfig;
  log: pino.Logger;
  /** The service's background jobs (jobs.ts): register workers and schedules while the routes are built. */
  jobs: Jobs;
}

export interface RegisteredRoute {
  method: string;
  path: string;
}

/** A router's routes (with its prefix), HEAD left out (Koa's router adds it to every GET). */
function routesOf(router: Router): RegisteredRoute[] {
  return router.stack.flatMap((layer) =>
    layer.methods.filter((method) => method !== 'HEAD').map((method) => ({ method, path: String(layer.path) })),
  );
}

export interface CreateServiceOptions {
  config: BaseConfig;
  migrationsDir: string;
  /**
   * The service's tables of a brokerage's records (its src/tables.ts, declareTables): how the broker
   * scope narrows each. The service refuses to start when its schema has a `user_id` table not listed.
   */
  tables: ServiceTables<string>;
  /** Public routes; their paths include /api/... as the gateway forwards them unchanged. */
  routes: (router: Router, deps: ServiceDeps) => void;
  /** Routes for other services, mounted under /internal and guarded by the internal token. */
  internalRoutes?: (router: Router, deps: ServiceDeps) => void;
  /** Unique constraints (by name) and the field error a violation becomes: 409 with that field's message. */
  uniqueConstraints?: UniqueConstraints;
  /** The service's tables of account records that Limpar Dados clears: guarded by the account gate. */
  accountTables?: readonly string[];
  /** The service's tables whose every write goes to the audit log, each with its entity's name there (contacts: 'contact'). */
  auditTables?: Readonly<Record<string, string>>;
  /** Every public route is locked until the brokerage's onboarding is complete (pt-BR 403). */
  requiresOnboarding?: boolean;
  /** Path prefixes a signed-in broker reaches before onboarding is complete (what the onboarding itself uses: the CEP lookup). */
  openBeforeOnboarding?: readonly string[];
  /**
   * This service's cleanup also clears what every service shares (expired sessions, account limits):
   * one service of the cluster says so (identity, whose sessions they are), so it runs once.
   */
  cleansSharedTables?: boolean;
  /**
   * Whether the brokerage narrows its assistants, on the tables declared limitable, to the records
   * they are responsible for (asked once per request of an assistant; a producer is narrowed always).
   */
  limitsAssistants?: (knex: Knex, brokerageId: string) => Promise<boolean>;
}

export interface Service {
  /** The public app: what the gateway forwards to. */
  app: Koa;
  /** /internal/* for other services, on its own listener that no gateway route reaches. */
  internalApp: Koa;
  knex: Knex;
  log: pino.Logger;
  /** The service's background jobs (jobs.ts); they run while the service listens. */
  jobs: Jobs;
  /** The keys that sign the session cookie (tests sign theirs with them). */
  cookieKeys: CookieKeys;
  /** Every route each listener answers (method and path as registered): what the API reference must cover. */
  routes: { public: RegisteredRoute[]; internal: RegisteredRoute[] };
  /**
   * Starts both listeners on the configured host (port 0: any free port, for tests). A listener may
   * also be a socket already bound (a test that must hand its address to another service first
   * keeps it bound until then: no other process can take it in between).
   */
  listen(port?: Listener, internalPort?: Listener): Promise<{ server: http.Server; internal: http.Server }>;
  close(): Promise<void>;
}

/** A port to listen on, or a socket already bound to one. */
export type Listener = number | net.Server;

const JSON_LIMIT = '100kb';
/** Between services (the token's holders only): a statement's 2,000 lines to match travel in one call. */
const INTERNAL_JSON_LIMIT = '2mb';

/**
 * JSON bodies only (uploads take their one file part through singleFileUpload). The text as it came
 * stays beside the parsed body (`rawBody`): a webhook's signature is over those exact bytes.
 */
const jsonBody = (limit = JSON_LIMIT) =>
  koaBody({
    json: true,
    jsonLimit: limit,
    jsonStrict: false,
    multipart: false,
    urlencoded: false,
    text: false,
    encoding: 'utf-8',
    includeUnparsed: true,
  });

/** The JSON body's text exactly as the client sent it ('' when there was none: koa-body keeps it as `rawBody`). */
export function rawBody(ctx: Koa.Context): string {
  const raw: unknown = (ctx.request as { rawBody?: unknown }).rawBody;
  return typeof raw === 'string' ? raw : '';
}
/** The kit's cleanup (expired sessions and rate-limit windows): every 10 minutes, once for all replicas. */
const CLEANUP_CRON = '*/10 * * * *';

/** /healthz (the process answers) and /readyz (and reaches Postgres), before any other middleware. */
function health(knex: Knex): Koa.Middleware {
  return async (ctx, next) => {
    const probe = ctx.method === 'GET' || ctx.method === 'HEAD';
    if (probe && ctx.path === '/healthz') {
      ctx.body = { status: 'ok' };
    } else if (probe && ctx.path === '/readyz') {
      try {
        await knex.raw('select 1');
        ctx.body = { status: 'ok' };
      } catch {
        ctx.status = 503;
        ctx.body = { status: 'indisponível' };
      }
    } else {
      await next();
    }
  };
}

/** What both apps do first: request ids and logs, errors as JSON, no caching, health. */
function baseApp(cookieKeys: CookieKeys, log: pino.Logger, knex: Knex, constraints: UniqueConstraints = {}, timing?: Koa.Middleware): Koa {
  // proxy: the gateway is the only door and sets X-Forwarded-* itself; maxIpsCount: believe only
  // the address it appended last, never an entry the client wrote.
  const app = new Koa({ proxy: true, maxIpsCount: 1 });
  app.keys = cookieKeys;
  app.silent = true;
  app.use(requestLogging(log));
  // Outside the error handler, so a failed request is counted with the status it was answered with.
  if (timing) app.use(timing);
  app.use(errorMiddleware(constraints));
  app.use(async (ctx, next) => {
    await next();
    // Answers are per user: never let a shared cache keep them unless a route says otherwise.
    if (!ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'no-store');
  });
  app.use(health(knex));
  return app;
}

/** The database as the service needs it, before it answers anyone: shared tables, its migrations, its declarations. */
async function prepareSchema(knex: Knex, options: CreateServiceOptions): Promise<void> {
  const { config } = options;
  // A service's own role (database-roles.ts) finds the shared tables prepared; a superuser (tests,
  // a single-role database) sets them up itself.
  if (await maySetUpSharedTables(knex)) await ensureSharedTables(knex);
  else await requireSharedTables(knex);
  if (config.databasePoolMode === 'transaction') await requireOwnSearchPath(knex, config.name);
  await migrateSchema(knex, config.name);
  await assertTablesDeclared(knex, config.name, options.tables);
  await guardAccountTables(knex, options.accountTables ?? []);
  await auditTables(knex, options.auditTables ?? {});
}

/** The same Koa apps for every service: a new service is its tables, its routes and its migrations. */
export async function createService(options: CreateServiceOptions): Promise<Service> {
  const { config } = options;
  const log = createLogger(config.name, config.logLevel);
  const knex = createKnex(config.databaseUrl, config.name, options.migrationsDir, { poolMode: config.databasePoolMode });
  await prepareSchema(knex, options).catch(async (error: unknown) => {
    await knex.destroy(); // a service that cannot start leaves no pool behind
    throw error;
  });
  tagRequestTransactions(knex);
  auditRequestWrites(knex);
  await ensureRateLimitTable(knex);
  Model.knex(knex);
  const cookieKeys = new CookieKeys(config.sessionKeys);
  const metrics = createMetrics(config.name, knex);
  const jobs = new Jobs(knex, jobsSchemaOf(config.name), metrics.jobs, log);
  const deps: ServiceDeps = { knex, config, log, jobs };
  const reads = await readRouting(knex, {
    readUrl: config.databaseReadUrl,
    schema: config.name,
    poolMode: config.databasePoolMode,
    windowSeconds: config.readYourWritesSeconds ?? DEFAULT_READ_YOUR_WRITES_SECONDS,
    secure: config.session.secure,
    log,
  });
  const app = baseApp(cookieKeys, log, knex, options.uniqueConstraints, metrics.middleware);
  app.use(
    securityHeaders({ contentSecurityPolicy: false, strictTransportSecurity: config.session.secure ? { maxAge: 63_072_000 } : false }),
  );
  app.use(sameOriginGuard());
  app.use(jsonBody());
  app.use(rejectNulCharacters);
  app.use(reads.public);
  app.use(sessionMiddleware(knex, config.session));
  const { limitsAssistants } = options;
  if (limitsAssistants)
    app.use(async (ctx, next) => {
      const member = currentMember();
      const user = signedInUser(ctx);
      if (member?.role !== 'assistant' || !user) return next();
      return runAsMember({ ...member, limited: await limitsAssistants(knex, user.id) }, next);
    });
  // A portal's client (#61): their own cookie and table, read on the portal's paths only.
  app.use(clientSessionMiddleware(knex, config.session.secure));
  if (options.requiresOnboarding) {
    const open = options.openBeforeOnboarding ?? [];
    app.use((ctx, next) => (open.some((prefix) => ctx.path.startsWith(prefix)) ? next() : requireOnboarding(ctx, next)));
  }
  const accountLimiter = new RateLimiter(knex, ACCOUNT_RATE_LIMITS_TABLE);
  app.use(accountLimits(accountLimiter, config.limits));
  const router = new Router();
  options.routes(router, deps);
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: false }));

  const internalApp = baseApp(cookieKeys, log, knex);
  // Prometheus scrapes the internal listener (never routed by the gateway) without the token.
  internalApp.use(metricsEndpoint(metrics.registry));
  internalApp.use(requireInternalToken(config.internalToken));
  // What an operator asks when a job's metrics show failures: which runs ran out of retries, and why.
  internalApp.use(async (ctx, next) => {
    if (ctx.method !== 'GET' || ctx.path !== '/internal/jobs/failures') return next();
    ctx.body = await jobs.failures();
  });
  internalApp.use(internalMember);
  internalApp.use(reads.internal);
  internalApp.use(jsonBody(INTERNAL_JSON_LIMIT));
  internalApp.use(rejectNulCharacters);
  const internal = new Router({ prefix: '/internal' });
  options.internalRoutes?.(internal, deps);
  internalApp.use(internal.routes());
  internalApp.use(internal.allowedMethods({ throw: false }));

  const limiter = new RateLimiter(knex);
  jobs.work('cleanup', async () => {
    const pruned = [limiter.prune()];
    if (options.cleansSharedTables) pruned.push(deleteExpiredSessions(knex), deleteExpiredClientSessions(knex), accountLimiter.prune());
    await Promise.all(pruned);
  });
  jobs.schedule('cleanup', CLEANUP_CRON, { tz: SAO_PAULO });

  const servers = new Set<http.Server>();
  const start = (handler: Koa, port: Listener) =>
    new Promise<http.Server>((resolve, reject) => {
      const callback = handler.callback(); // Koa answers its own errors: the promise never rejects
      const server = http.createServer((req, res) => void callback(req, res));
      server.keepAliveTimeout = 65_000; // longer than nginx's upstream keepalive_timeout
      server.once('error', reject);
      const listening = () => {
        servers.add(server);
        resolve(server);
      };
      if (typeof port === 'number') server.listen(port, config.host, listening);
      else server.listen(port, listening);
    });
  return {
    app,
    internalApp,
    knex,
    log,
    jobs,
    cookieKeys,
    routes: { public: routesOf(router), internal: routesOf(internal) },
    async listen(port = config.port, internalPort = port === 0 ? 0 : config.internalPort) {
      const server = await start(app, port);
      const internalServer = await start(internalApp, internalPort);
      await jobs.start();
      return { server, internal: internalServer };
    },
    async close() {
      await jobs.stop();
      await Promise.all(
        [...servers].map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeIdleConnections();
            }),
        ),
      );
      await reads.close();
      await knex.destroy();
    },
  };
}

/** Listens, logs the URL, and drains in-flight requests on SIGTERM / SIGINT before exiting. */
export async function runService(service: Service, config: BaseConfig): Promise<void> {
  await service.listen(config.port, config.internalPort);
  service.log.info(
    { host: config.host, port: config.port, internalPort: config.internalPort },
    `listening on http://${config.host}:${config.port}`,
  );
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

/**
 * A service's whole `server.ts`: read the configuration, create the service, listen, drain on
 * SIGTERM. A configuration or start-up error is one line on stderr and exit code 1.
 */
export function runMain<Config extends BaseConfig>(readConfig: () => Config, create: (config: Config) => Promise<Service>): void {
  let config: Config;
  try {
    config = readConfig();
  } catch (error) {
    console.error(`configuration: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  create(config).then(
    (service) => runService(service, config),
    (error: unknown) => {
      console.error(`${config.name} failed to start`, error);
      process.exit(1);
    },
  );
}
