import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { SERVICE_NODE_FLAGS } from '@corretora/registry';
import { SESSION_LOOKUP_SQL } from '@corretora/service-kit';
import Koa from 'koa';
import pg from 'pg';

/** The statement the catalogues service sends for the list: its columns, in its pt-BR natural order. */
const PRODUCTS_SQL =
  'select "id", "name", "description", "is_active", "line", "iof_rate" from "catalogues"."products" where "user_id" = $1 ' +
  'order by name collate catalogues.pt_br_natural, name, id';
/** The size of a service's knex pool (createKnex). */
const POOL_SIZE = 10;
const UNAUTHENTICATED = '{"message":"Não autenticado."}';

/**
 * The floors of a list read, served by a process of their own started like a service (same Node
 * flags), so that no floor shares a thread with the load generator. Two handlers run the same SQL
 * as the service for GET /api/products (the session lookup, then the broker's rows), as named
 * prepared statements like the service's, on one pool of the service's size, and write the JSON:
 * - raw: a bare Node `http` handler, no framework: what the hardware and Postgres allow;
 * - koa: the same handler as the single middleware of a bare Koa app: what Koa alone costs, so that
 *   the rest of the gap to the service is the kit's own (session cookie, router, log, headers, ...).
 * The product's number is reported as a ratio to the raw floor, measured in the same run.
 */
export async function startListFloors(databaseUrl: string): Promise<{ raw: string; koa: string; pid: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, '--import', 'tsx', __filename, databaseUrl], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const urls = await new Promise<{ raw: string; koa: string }>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((entry) => entry.startsWith('{'));
      if (line) resolve(JSON.parse(line) as { raw: string; koa: string });
    });
    child.once('exit', (code) => reject(new Error(`the floors exited with code ${code}`)));
  });
  return {
    ...urls,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The floors' process: both handlers on one pool, their URLs as one JSON line on stdout. */
async function serveFloors(databaseUrl: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  /** The broker's rows as JSON, or null without a session: the service's two statements. */
  const list = async (cookie: string | undefined): Promise<string | null> => {
    const sid = /corretora\.sid=([\w-]+)/.exec(cookie ?? '')?.[1] ?? '';
    const hash = createHash('sha256').update(sid).digest('base64url');
    const session = await pool.query({ name: 'floor_session', text: SESSION_LOOKUP_SQL, values: [hash] });
    if (session.rowCount === 0) return null;
    const rows = await pool.query({ name: 'floor_products', text: PRODUCTS_SQL, values: [session.rows[0].userId] });
    return JSON.stringify(rows.rows);
  };
  const answer = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    try {
      const body = await list(req.headers.cookie);
      res.writeHead(body === null ? 401 : 200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(body ?? UNAUTHENTICATED);
    } catch {
      res.writeHead(500);
      res.end();
    }
  };
  const raw = http.createServer((req, res) => void answer(req, res));
  const koa = new Koa();
  koa.use(async (ctx) => {
    const body = await list(ctx.get('cookie'));
    ctx.status = body === null ? 401 : 200;
    ctx.type = 'json';
    ctx.body = body ?? UNAUTHENTICATED;
  });
  const koaCallback = koa.callback();
  const servers = [raw, http.createServer((req, res) => void koaCallback(req, res))];
  const urls: string[] = [];
  for (const server of servers) {
    server.keepAliveTimeout = 65_000; // as the services: longer than nginx's upstream keepalive
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    urls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/products`);
  }
  process.stdout.write(`${JSON.stringify({ raw: urls[0], koa: urls[1] })}\n`);
  process.once('SIGTERM', () => {
    for (const server of servers) server.closeAllConnections();
    void Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
      .then(() => pool.end())
      .finally(() => process.exit(0));
  });
}

if (require.main === module) {
  serveFloors(process.argv[2]!).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

/** SQL statements per request, from pg_stat_statements (the bench starts Postgres with it loaded). */
export async function statementCounter(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('create extension if not exists pg_stat_statements');
  return {
    async reset() {
      await client.query('select pg_stat_statements_reset()');
    },
    async total(): Promise<number> {
      const result = await client.query(
        "select coalesce(sum(calls), 0)::int as calls from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database()) and query not ilike '%pg_stat_statements%'",
      );
      return result.rows[0].calls as number;
    },
    close: () => client.end(),
  };
}

/** CPU seconds used so far by each process of interest (each service, nginx, postgres, this bench), by pid. */
export async function cpuSnapshot(
  services: { name: string; pid: number | undefined }[],
): Promise<Map<number, { group: string; seconds: number }>> {
  const { readdir, readFile } = await import('node:fs/promises');
  const ticks = 100; // USER_HZ on Linux
  const snapshot = new Map<number, { group: string; seconds: number }>();
  const servicePids = new Map(services.map((entry) => [entry.pid, entry.name]));
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const match = /^\d+ \((.*)\) \S+ (?:\S+ ){10}(\d+) (\d+)/.exec(stat);
    if (!match) continue;
    const pid = Number(entry);
    const group = servicePids.get(pid) ?? (pid === process.pid ? 'bench (load generator)' : /^(nginx|postgres)/.exec(match[1]!)?.[1]);
    if (group) snapshot.set(pid, { group, seconds: (Number(match[2]) + Number(match[3])) / ticks });
  }
  return snapshot;
}

/**
 * CPU seconds each group used between two snapshots: per process, so a Postgres backend that
 * ends in between (the pool lets idle connections go) drops out instead of making the sum
 * negative; one that started in between counts from zero. What an ended backend used is missed.
 */
export function cpuUsedBetween(
  before: Map<number, { seconds: number }>,
  after: Map<number, { group: string; seconds: number }>,
): Record<string, number> {
  const used: Record<string, number> = {};
  for (const [pid, { group, seconds }] of after) used[group] = (used[group] ?? 0) + seconds - (before.get(pid)?.seconds ?? 0);
  return used;
}
