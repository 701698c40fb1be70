/**
 * `npm run bench:replicas`: two replicas of every service behind nginx (least_conn, a read passed
 * to the other replica when its own fails, a write never sent twice), loaded by one signed-in
 * broker; halfway through, one replica of each service is killed with SIGKILL and its supervisor
 * starts it again. Reports:
 * - failed GETs (target 0) and sessions refused (target 0: the one session works on every replica),
 * - POSTs: answered, failed cleanly (nginx's JSON 502, nothing half-done) and whether those landed,
 *   and duplicated (target 0: the same request stored twice),
 * - the supervisor's restart time per service (kill to ready),
 * - the request rate while replicas die against the same load's rate before (the floor, same run).
 * Exits non-zero when a target is missed: `npm test` runs it briefly (REPLICAS_SECONDS=6).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Stack } from '@corretora/dev-stack';
import { SERVICE_NAMES, type ServiceName } from '@corretora/gateway-kit';
import { killAndWait, runBench, startReplicatedStack } from './replicated-stack';
import { onboardedBroker } from './broker';

const SECONDS = Number(process.env.REPLICAS_SECONDS ?? 20);
const WORKERS = Number(process.env.REPLICAS_WORKERS ?? 12);
const CLEAN_502 = 'Serviço indisponível. Tente novamente.';

interface Call {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** A body naming the record uniquely, so the database can say whether it landed and how often. */
  body?: (marker: string) => unknown;
  table?: string;
}

const CALLS: Call[] = [
  { name: 'identity GET /api/auth/user', method: 'GET', path: '/api/auth/user' },
  { name: 'broker GET /api/broker-profile', method: 'GET', path: '/api/broker-profile' },
  { name: 'broker GET /api/dashboard/stats (calls pipeline and finance)', method: 'GET', path: '/api/dashboard/stats' },
  { name: 'catalogues GET /api/products', method: 'GET', path: '/api/products' },
  { name: 'pipeline GET /api/contacts', method: 'GET', path: '/api/contacts' },
  { name: 'finance GET /api/policies', method: 'GET', path: '/api/policies' },
  {
    name: 'catalogues POST /api/products',
    method: 'POST',
    path: '/api/products',
    body: (name) => ({ name, line: 'empresarial' }),
    table: 'catalogues.products',
  },
  {
    name: 'pipeline POST /api/contacts',
    method: 'POST',
    path: '/api/contacts',
    body: (name) => ({ name, type: 'individual', phone: '(11) 98765-4321' }),
    table: 'pipeline.contacts',
  },
];

interface Tally {
  gets: number;
  getFailures: string[];
  unauthorized: number;
  posts: number;
  postsAnswered: number;
  postsFailedCleanly: { table: string; marker: string }[];
  postsFailedOtherwise: string[];
}

const newTally = (): Tally => ({
  gets: 0,
  getFailures: [],
  unauthorized: 0,
  posts: 0,
  postsAnswered: 0,
  postsFailedCleanly: [],
  postsFailedOtherwise: [],
});

/** Workers send the mix in turn until `until`; every answer is classified. */
async function load(url: string, cookie: string, until: number, tally: Tally, markerPrefix: string): Promise<void> {
  let next = 0;
  const worker = async (id: number) => {
    while (Date.now() < until) {
      const call = CALLS[(next++ + id) % CALLS.length]!;
      const marker = `${markerPrefix} ${randomUUID()}`;
      let status = 0;
      let text: string;
      try {
        const response = await fetch(`${url}${call.path}`, {
          method: call.method,
          headers: { cookie, ...(call.body ? { 'content-type': 'application/json' } : {}) },
          body: call.body ? JSON.stringify(call.body(marker)) : undefined,
          signal: AbortSignal.timeout(15_000),
        });
        status = response.status;
        text = await response.text();
      } catch (error) {
        text = error instanceof Error ? error.message : String(error);
      }
      if (status === 401) tally.unauthorized++;
      if (call.method === 'GET') {
        tally.gets++;
        if (status < 200 || status >= 300) tally.getFailures.push(`${call.name}: ${status} ${text.slice(0, 120)}`);
      } else {
        tally.posts++;
        if (status >= 200 && status < 300) tally.postsAnswered++;
        else if (status === 502 && text.includes(CLEAN_502)) tally.postsFailedCleanly.push({ table: call.table!, marker });
        else tally.postsFailedOtherwise.push(`${call.name}: ${status} ${text.slice(0, 120)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, id) => worker(id)));
}

/** SIGKILL one replica of each service; resolves with each one's time until its successor is ready. */
async function killOneOfEach(stack: Stack): Promise<Record<string, number>> {
  const victims = SERVICE_NAMES.map((name) => stack.replicas.filter((replica) => replica.name === name)[1]!);
  const times = await Promise.all(victims.map((victim) => killAndWait(victim)));
  return Object.fromEntries(victims.map((victim, index) => [victim.process.name, times[index]!]));
}

/** A read of each service that needs the session. */
const SIGNED_IN_READ: Record<ServiceName, string> = {
  identity: '/api/auth/user',
  broker: '/api/broker-profile',
  catalogues: '/api/products',
  pipeline: '/api/contacts',
  finance: '/api/policies',
  portal: '/api/portal-settings',
};

/** The one session on every replica, directly: sessions live in Postgres, not in a process. */
async function sessionOnEveryReplica(stack: Stack, cookie: string): Promise<string[]> {
  const refused: string[] = [];
  for (const replica of stack.replicas) {
    const response = await fetch(`${replica.url}${SIGNED_IN_READ[replica.name]}`, { headers: { cookie } });
    if (response.status !== 200) refused.push(`${replica.process.name}: ${response.status}`);
  }
  return refused;
}

runBench('replicas', async ({ workDir, log, started }) => {
  const { stack, nginx } = await startReplicatedStack(
    workDir,
    28080,
    log,
    { ...process.env, LOG_LEVEL: 'warn', WRITE_LIMIT_PER_MINUTE: '100000000', UPLOAD_LIMIT_PER_MINUTE: '100000000' },
    started,
  );
  const { cookie } = await onboardedBroker(nginx.url, 'replicas');
  const refusedBefore = await sessionOnEveryReplica(stack, cookie);

  const half = (SECONDS * 1000) / 2;
  log(`${WORKERS} workers, ${SECONDS / 2}s calm (the floor), then ${SECONDS / 2}s with one replica of each service killed at its start`);
  // Markers of this run only (DATABASE_URL may name a database earlier runs wrote to).
  const run = randomUUID().slice(0, 8);
  const calm = newTally();
  await load(nginx.url, cookie, Date.now() + half, calm, `calma-${run}`);
  const stormy = newTally();
  const during = load(nginx.url, cookie, Date.now() + half, stormy, `queda-${run}`);
  await sleep(300);
  const restart = await killOneOfEach(stack);
  await during;
  const refusedAfter = await sessionOnEveryReplica(stack, cookie);

  // Every POST's marker: how many rows each produced (one expected, zero allowed for a clean failure).
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  const counts = new Map<string, number>();
  for (const table of ['catalogues.products', 'pipeline.contacts']) {
    const { rows } = await db.query<{ name: string; count: string }>(
      `select name, count(*) from ${table} where name like $1 or name like $2 group by name`,
      [`calma-${run} %`, `queda-${run} %`],
    );
    for (const row of rows) counts.set(row.name, Number(row.count));
  }
  await db.end();
  const duplicated = [...counts.values()].filter((count) => count > 1).length;
  const cleanLanded = stormy.postsFailedCleanly.filter(({ marker }) => counts.has(marker)).length;
  const stored = [...counts.values()].reduce((sum, count) => sum + count, 0);

  const rate = (tally: Tally) => Math.round((tally.gets + tally.posts) / (half / 1000));
  const table = [calm, stormy].map((tally, index) => ({
    phase: index === 0 ? 'calm (floor)' : 'one replica of each killed',
    'requests/s': rate(tally),
    GETs: tally.gets,
    'failed GETs': tally.getFailures.length,
    POSTs: tally.posts,
    'POSTs answered': tally.postsAnswered,
    'POSTs failed cleanly (502)': tally.postsFailedCleanly.length,
    'POSTs failed otherwise': tally.postsFailedOtherwise.length,
    'sessions refused (401)': tally.unauthorized,
  }));
  console.table(table);
  console.log('Supervisor restart time, SIGKILL to ready (ms):');
  console.table(restart);
  console.log(
    `rate while replicas die / calm floor = ${Math.round((rate(stormy) / Math.max(1, rate(calm))) * 100) / 100}; ` +
      `duplicated POSTs: ${duplicated} (target 0); rows stored ${stored} for ${calm.postsAnswered + stormy.postsAnswered} answered POSTs; ` +
      `clean failures that landed anyway: ${cleanLanded} of ${stormy.postsFailedCleanly.length} (the client was told to try again: its retry would be a second record)`,
  );
  console.log(
    `the session on all ${stack.replicas.length} replicas, directly: refused by ${[...refusedBefore, ...refusedAfter].length} (before and after the kills) ${[...refusedBefore, ...refusedAfter].join(', ')}`,
  );
  for (const failure of [...calm.getFailures, ...stormy.getFailures, ...calm.postsFailedOtherwise, ...stormy.postsFailedOtherwise].slice(
    0,
    10,
  )) {
    console.log(`  ${failure}`);
  }
  const misses = [
    calm.getFailures.length + stormy.getFailures.length > 0 && 'failed GETs',
    duplicated > 0 && 'duplicated POSTs',
    calm.unauthorized + stormy.unauthorized + refusedBefore.length + refusedAfter.length > 0 && 'sessions refused',
    calm.postsFailedCleanly.length + calm.postsFailedOtherwise.length + stormy.postsFailedOtherwise.length > 0 && 'POSTs failed uncleanly',
    stored !== calm.postsAnswered + stormy.postsAnswered + cleanLanded && 'stored rows differ from the answers',
    stormy.gets === 0 && 'no load while replicas died',
  ].filter(Boolean);
  return misses as string[];
});
