import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { SESSION_LOOKUP_SQL } from '@corretora/service-kit';
import pg from 'pg';

/** The statement the catalogues service sends for the list: its columns, in its pt-BR natural order. */
const PRODUCTS_SQL =
  'select "id", "name", "description", "is_active", "policy_type", "iof_rate" from "catalogues"."products" where "user_id" = $1 ' +
  'order by name collate catalogues.pt_br_natural, name, id';

/**
 * The floor of a list read: a bare Node `http` handler that runs the same SQL as the service for
 * GET /api/products (the session lookup, then the broker's rows), as named prepared statements like
 * the service's, on a pool of the same size, and writes the JSON. No framework, no gateway, no validation: what the hardware and Postgres allow.
 * The product's number is reported as a ratio to this one, measured in the same run.
 */
export async function startListFloor(databaseUrl: string, poolSize = 10): Promise<{ url: string; stop(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  const server = http.createServer(async (req, res) => {
    try {
      const sid = /corretora\.sid=([\w-]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
      const hash = createHash('sha256').update(sid).digest('base64url');
      const session = await pool.query({ name: 'floor_session', text: SESSION_LOOKUP_SQL, values: [hash] });
      if (session.rowCount === 0) {
        res.writeHead(401, { 'content-type': 'application/json' });
        return res.end('{"message":"Não autenticado."}');
      }
      const rows = await pool.query({ name: 'floor_products', text: PRODUCTS_SQL, values: [session.rows[0].userId] });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(rows.rows));
    } catch {
      res.writeHead(500);
      res.end();
    }
  });
  server.keepAliveTimeout = 65_000; // as the services: longer than nginx's upstream keepalive
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/products`,
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
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
export async function cpuSnapshot(services: { name: string; pid: number | undefined }[]): Promise<Map<number, { group: string; seconds: number }>> {
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
export function cpuUsedBetween(before: Map<number, { seconds: number }>, after: Map<number, { group: string; seconds: number }>): Record<string, number> {
  const used: Record<string, number> = {};
  for (const [pid, { group, seconds }] of after) used[group] = (used[group] ?? 0) + seconds - (before.get(pid)?.seconds ?? 0);
  return used;
}
