import { createHmac } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { SERVICES, SERVICE_NAMES, startDevGateway, writeApiDocs, type ServiceName } from '@corretora/gateway-kit';
import { INTERNAL_PORT_OFFSET, SERVICE_NODE_FLAGS } from '@corretora/registry';
import { buildApps, shipBuiltRemotes } from './apps';
import { ensureDatabase, isSuperuser, startInfra } from './infra';
import { REPO_ROOT, startProcess, waitForReady, type LogTarget, type Managed } from './processes';
import { loadSecrets } from './secrets';
import { startWhatsappStub } from './whatsapp-stub';
import { startPgBouncer, type RunningPgBouncer } from './pgbouncer';
import { startReadReplica, type RunningReadReplica } from './read-replica';
import { prepareDatabase, serviceDatabaseUrl, type ServiceRole } from '@corretora/service-kit';

export interface StackOptions {
  dataDir: string;
  port: number;
  /**
   * Ports of identity, broker, catalogues are servicePortBase + 0, 1, 2 (loopback only); their
   * /internal listeners are 100 above.
   */
  servicePortBase: number;
  pgPort: number;
  s3Port: number;
  logs: 'console' | { dir: string };
  log: (line: string) => void;
  /** Lines of the embedded Postgres (default: dropped). */
  infraLog?: (line: string) => void;
  env?: NodeJS.ProcessEnv;
  /** Extra settings of the embedded PostgreSQL (bench: pg_stat_statements). */
  postgresFlags?: string[];
  /**
   * Processes per service (default 1). Replica r of the service at index i listens on
   * servicePortBase + i + 10r (its /internal 100 above); the others reach all of them in turn.
   */
  replicas?: number;
  /**
   * The services reach Postgres through Debian's PgBouncer in transaction mode (deploy/pgbouncer,
   * DATABASE_POOL_MODE=transaction), on pgPort + 1; the administrator (backups, the journeys' own
   * writes) still goes straight to it.
   */
  pooler?: boolean;
  /**
   * A streaming read replica of the embedded Postgres on pgPort + 2 (read-replica.ts), replaying
   * `delayMs` behind: the services' DATABASE_READ_URL. Only on the embedded default (an external
   * DATABASE_URL brings its own replicas).
   */
  readReplica?: { delayMs: number };
}

export interface Replica {
  name: ServiceName;
  /** Its public listener (what nginx proxies to). */
  url: string;
  /** The supervised process: kill it and it is started again. */
  process: Managed;
  /** Where its output goes (a failed start quotes the file's last lines). */
  log: LogTarget;
}

export interface Stack {
  url: string;
  env: Record<string, string>;
  /** Each service's own URL and process id (benchmarks call services directly and read their memory). */
  services: { name: ServiceName; url: string; pid: number | undefined }[];
  /** Every process of every service (one each unless `replicas` says otherwise). */
  replicas: Replica[];
  /** The application database (benchmarks read it directly). */
  databaseUrl: string;
  /** The remote store the gateway serves (/remotes.json and /remotes/<name>/<version>/…). */
  remoteStoreDir: string;
  stop(): Promise<void>;
}

/** Optional settings of the services, passed on when set (README, Configuration). */
const PASSED_THROUGH = [
  'SMTP_URL',
  'MAIL_FROM',
  'REGISTER_LIMIT_PER_HOUR',
  'WRITE_LIMIT_PER_MINUTE',
  'UPLOAD_LIMIT_PER_MINUTE',
  'BROKERAGE_WRITE_LIMIT_PER_MINUTE',
  'BROKERAGE_UPLOAD_LIMIT_PER_MINUTE',
  'INVITATION_LIMIT_PER_15_MINUTES',
  'SESSION_IDLE_MINUTES',
  'SESSION_LIFETIME_HOURS',
  'COOKIE_SECURE',
  'CEP_PROVIDER_URL',
  'WHATSAPP_API_URL',
];

/** The services' roles of the embedded default: passwords derived from the internal token (never stored). */
export function serviceRoles(secret: string): ServiceRole[] {
  return SERVICE_NAMES.map((schema) => ({
    schema,
    password: createHmac('sha256', secret).update(`database:${schema}`).digest('base64url'),
  }));
}

/**
 * Each service connects as its own role, as in compose (service-kit's database-roles.ts): the roles
 * are prepared here with the administrator's URL, their passwords derived from the stack's internal
 * token (stable across restarts, never stored). An administrator that is not a superuser cannot
 * create roles: then every service uses its URL, and says so.
 */
async function serviceDatabaseUrls(adminUrl: string, secret: string, log: (line: string) => void): Promise<Record<ServiceName, string>> {
  if (!(await isSuperuser(adminUrl))) {
    log('DATABASE_URL is not a superuser: every service connects with it instead of its own role');
    return Object.fromEntries(SERVICE_NAMES.map((name) => [name, adminUrl])) as Record<ServiceName, string>;
  }
  const roles = serviceRoles(secret);
  await prepareDatabase(adminUrl, roles);
  return Object.fromEntries(roles.map((role) => [role.schema, serviceDatabaseUrl(adminUrl, role)])) as Record<ServiceName, string>;
}

/** The whole product on one machine: infra, migrations (at service start), services, apps, gateway. */
export async function startStack(options: StackOptions): Promise<Stack> {
  const env = options.env ?? process.env;
  await mkdir(options.dataDir, { recursive: true });
  const infra = await startInfra(
    {
      dataDir: options.dataDir,
      pgPort: options.pgPort,
      s3Port: options.s3Port,
      log: options.infraLog,
      postgresFlags: options.postgresFlags,
    },
    env,
  );
  options.log('PostgreSQL and the S3 store are up');
  const managed: Managed[] = [];
  let gateway: http.Server | undefined;
  let pooler: RunningPgBouncer | undefined;
  let standby: RunningReadReplica | undefined;
  // The WhatsApp Cloud API (#62) is a local stub unless WHATSAPP_API_URL names one: nothing reaches Meta from here.
  const whatsappStub = env.WHATSAPP_API_URL ? undefined : await startWhatsappStub();

  const stop = async () => {
    if (gateway) await new Promise((resolve) => gateway?.close(resolve));
    gateway?.closeAllConnections();
    await Promise.all(managed.map((process) => process.stop()));
    await pooler?.stop();
    await standby?.stop();
    await whatsappStub?.close();
    await infra.stop();
  };

  try {
    const databaseUrl = env.DATABASE_URL ? infra.adminDatabaseUrl : await ensureDatabase(infra.adminDatabaseUrl, 'corretora');
    const url = `http://localhost:${options.port}`;
    const replicaCount = options.replicas ?? 1;
    const portOf = (name: ServiceName, replica: number) => options.servicePortBase + SERVICE_NAMES.indexOf(name) + 10 * replica;
    const replicaIndexes = Array.from({ length: replicaCount }, (_, replica) => replica);
    const serviceUrls = Object.fromEntries(SERVICE_NAMES.map((name) => [name, `http://127.0.0.1:${portOf(name, 0)}`])) as Record<
      ServiceName,
      string
    >;
    const internalUrls = (name: ServiceName) =>
      replicaIndexes.map((replica) => `http://127.0.0.1:${portOf(name, replica) + INTERNAL_PORT_OFFSET}`).join(',');
    const secrets = loadSecrets(options.dataDir, env);
    const databaseUrls = await serviceDatabaseUrls(databaseUrl, secrets.INTERNAL_TOKEN, options.log);
    const readUrls: Partial<Record<ServiceName, string>> = {};
    if (options.readReplica && !env.DATABASE_URL) {
      standby = await startReadReplica({
        adminUrl: infra.adminDatabaseUrl,
        primaryDataDir: path.join(options.dataDir, 'postgres'),
        dir: path.join(options.dataDir, 'replica'),
        port: options.pgPort + 2,
        delayMs: options.readReplica.delayMs,
      });
      for (const name of SERVICE_NAMES) readUrls[name] = standby.through(databaseUrls[name]);
      options.log(`reads that may lag go to a streaming replica on port ${options.pgPort + 2}, ${options.readReplica.delayMs} ms behind`);
    }
    if (options.pooler) {
      const logins = Object.values(databaseUrls).map((url) => new URL(url));
      const users = new Map(logins.map((login) => [decodeURIComponent(login.username), decodeURIComponent(login.password)]));
      pooler = await startPgBouncer({
        dir: path.join(options.dataDir, 'pgbouncer'),
        port: options.pgPort + 1,
        databaseUrl,
        users: [...users].map(([name, password]) => ({ name, password })),
      });
      for (const name of SERVICE_NAMES) databaseUrls[name] = pooler.through(databaseUrls[name]);
      options.log(`the services reach PostgreSQL through PgBouncer (transaction mode) on port ${options.pgPort + 1}`);
    }
    const shared: Record<string, string> = {
      ...infra.env,
      ...secrets,
      DATABASE_URL: databaseUrl,
      APP_URL: env.APP_URL ?? url,
      MAIL_OUTBOX_DIR: env.MAIL_OUTBOX_DIR ?? path.join(options.dataDir, 'outbox'),
      LOG_LEVEL: env.LOG_LEVEL ?? 'info',
      ...Object.fromEntries(SERVICE_NAMES.map((name) => [SERVICES[name].internalUrlEnv, internalUrls(name)])),
    };
    for (const optional of PASSED_THROUGH) {
      if (env[optional]) shared[optional] = env[optional] as string;
    }
    if (whatsappStub) shared.WHATSAPP_API_URL = whatsappStub.apiUrl;

    if (typeof options.logs !== 'string') await mkdir(options.logs.dir, { recursive: true });
    const logTarget = (name: string): LogTarget =>
      options.logs === 'console' ? { kind: 'console' } : { kind: 'file', path: path.join(options.logs.dir, `${name}.log`) };

    // Services start in parallel; each migrates its own schema under an advisory lock.
    const replicas: Replica[] = [];
    for (const name of SERVICE_NAMES) {
      for (const replica of replicaIndexes) {
        const port = portOf(name, replica);
        const server = path.join(REPO_ROOT, 'services', name, 'src', 'server.ts');
        const env = {
          ...process.env,
          ...shared,
          DATABASE_URL: databaseUrls[name],
          ...(pooler ? { DATABASE_POOL_MODE: 'transaction' } : {}),
          ...(readUrls[name] ? { DATABASE_READ_URL: readUrls[name] } : {}),
          HOST: '127.0.0.1',
          PORT: String(port),
          INTERNAL_PORT: String(port + INTERNAL_PORT_OFFSET),
        };
        const replicaUrl = `http://127.0.0.1:${port}`;
        const label = replicaCount > 1 ? `${name}-${replica + 1}` : name;
        const supervised = startProcess(
          label,
          process.execPath,
          [...SERVICE_NODE_FLAGS, '--import', 'tsx', server],
          env,
          logTarget(label),
          {
            log: options.log,
            readyUrl: `${replicaUrl}/readyz`,
          },
        );
        managed.push(supervised);
        replicas.push({ name, url: replicaUrl, process: supervised, log: logTarget(label) });
      }
    }
    options.log(`starting the ${SERVICE_NAMES.length * replicaCount} service processes (each migrates its schema) while the apps build`);
    await buildApps({ log: options.log });
    const remoteStoreDir = path.join(options.dataDir, 'remotes');
    await shipBuiltRemotes(remoteStoreDir, options.log);
    await Promise.all(
      replicas.map((replica) => waitForReady(`${replica.url}/readyz`, replica.process.child, replica.process.name, undefined, replica.log)),
    );

    options.log('the services are ready');
    const docsDir = path.join(options.dataDir, 'api-docs');
    await writeApiDocs(docsDir);
    gateway = await startDevGateway({
      port: options.port,
      docsDir,
      https: shared.APP_URL!.startsWith('https://'),
      upstreams: serviceUrls,
      shellDir: path.join(REPO_ROOT, 'shell', 'dist'),
      remoteStoreDir,
    });
    const services = SERVICE_NAMES.map((name) => {
      const first = replicas.find((replica) => replica.name === name)!;
      return { name, url: first.url, pid: first.process.child.pid };
    });
    return { url, env: shared, services, replicas, databaseUrl, remoteStoreDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
