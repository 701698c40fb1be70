import path from 'node:path';
import request from 'supertest';
import { SAO_PAULO } from '@corretora/contracts';
import { createService, type Service } from '../src';
import { TEST_INTERNAL_TOKEN, createTestDatabase, testConfig } from '../src/testing';
import { NOTES_TABLES } from './fixtures/notes-service';

/** The kit's job layer (jobs.ts) on a real Postgres: two replicas of a service built as real ones are. */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const replicas: Service[] = [];
/** What each replica's workers saw, by job. */
const seen: { replica: number; job: string; data: unknown }[] = [];
let flaky = 0;
const flakyTries: number[] = [];
/** What the doomed job's runs were told of themselves. */
const doomedAttempts: { retry: number; last: boolean }[] = [];

async function replica(index: number): Promise<Service> {
  const service = await createService({
    config: testConfig('chores', database.url),
    migrationsDir: path.join(__dirname, 'fixtures', 'migrations'),
    tables: NOTES_TABLES,
    routes(_router, { jobs }) {
      const poll = { pollingIntervalSeconds: 0.5 };
      jobs.work<{ n: number }>(
        'tally',
        async (data) => {
          seen.push({ replica: index, job: 'tally', data });
          await new Promise((resolve) => setTimeout(resolve, 50));
          return data.n;
        },
        poll,
      );
      // Fails twice, then succeeds: retried with backoff from one second.
      jobs.work(
        'flaky',
        async () => {
          flaky += 1;
          flakyTries.push(Date.now());
          if (flaky < 3) throw new Error(`falhou na tentativa ${flaky}`);
        },
        { ...poll, retryLimit: 3, retryBackoff: true, retryDelay: 1 },
      );
      jobs.work(
        'doomed',
        async (_data, attempt) => {
          doomedAttempts.push(attempt);
          throw new Error('o servidor de e-mail recusou');
        },
        { ...poll, retryLimit: 1, retryDelay: 1 },
      );
      jobs.work('morning', async () => undefined, poll);
      jobs.schedule('morning', '0 7 * * *', { tz: SAO_PAULO });
    },
  });
  await service.listen(0, 0);
  replicas.push(service);
  return service;
}

async function until<T>(probe: () => Promise<T | undefined | false>, what: string, ms = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const metricsOf = (service: Service) => request(service.internalApp.callback()).get('/metrics');

beforeAll(async () => {
  database = await createTestDatabase();
  await Promise.all([replica(0), replica(1)]);
});

afterAll(async () => {
  for (const service of replicas) await service.close();
  await database?.drop();
});

test('each job sent runs once on one of the replicas, timed and counted on /metrics with its items', async () => {
  const [a, b] = replicas as [Service, Service];
  for (let n = 1; n <= 6; n += 1) await (n % 2 ? a : b).jobs.send('tally', { n }, { singletonKey: `t${n}` });
  await until(async () => seen.filter((entry) => entry.job === 'tally').length >= 6, 'six tallies');
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const tallies = seen.filter((entry) => entry.job === 'tally').map((entry) => (entry.data as { n: number }).n);
  expect([...tallies].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  const text = (await metricsOf(a)).text + (await metricsOf(b)).text;
  const runs = [...text.matchAll(/job_runs_total\{job="tally",outcome="success",service="chores"\} (\d+)/g)].map((m) => Number(m[1]));
  expect(runs.reduce((sum, n) => sum + n, 0)).toBe(6);
  const items = [...text.matchAll(/job_items_total\{job="tally",service="chores"\} (\d+)/g)].map((m) => Number(m[1]));
  expect(items.reduce((sum, n) => sum + n, 0)).toBe(21);
  expect(text).toMatch(/job_duration_seconds_count\{[^}]*job="tally"[^}]*\} \d+/);
});

test('a key waits once: a second send of the same key while the first waits is dropped', async () => {
  const [a] = replicas as [Service];
  const later = new Date(Date.now() + 60 * 60 * 1000);
  expect(await a.jobs.send('tally', { n: 100 }, { singletonKey: 'once', startAfter: later })).toEqual(expect.any(String));
  expect(await a.jobs.send('tally', { n: 100 }, { singletonKey: 'once', startAfter: later })).toBeNull();
});

test('a job sent in a transaction exists only if the transaction commits', async () => {
  const [a] = replicas as [Service];
  const later = new Date(Date.now() + 60 * 60 * 1000);
  const count = async (key: string) =>
    (await a.knex.raw<{ rows: { n: number }[] }>(`select count(*)::int as n from chores_jobs.job where singleton_key = ?`, [key])).rows[0]!
      .n;
  await a.knex
    .transaction(async (trx) => {
      await a.jobs.send('tally', { n: 0 }, { singletonKey: 'rolled-back', startAfter: later }, trx);
      throw new Error('desfaz');
    })
    .catch(() => undefined);
  expect(await count('rolled-back')).toBe(0);
  await a.knex.transaction((trx) => a.jobs.send('tally', { n: 0 }, { singletonKey: 'committed', startAfter: later }, trx));
  expect(await count('committed')).toBe(1);
});

test('a job that throws is retried with backoff and succeeds; one out of retries is failed with its error, for the operator', async () => {
  const [a, b] = replicas as [Service, Service];
  await a.jobs.send('flaky');
  await until(
    async () =>
      (await a.knex.raw<{ rows: unknown[] }>(`select 1 from chores_jobs.job where name = 'flaky' and state = 'completed'`)).rows.length > 0,
    'flaky completed',
  );
  const { rows } = await a.knex.raw<{ rows: { retries: number }[] }>(
    `select retry_count as retries from chores_jobs.job where name = 'flaky'`,
  );
  expect(rows).toEqual([{ retries: 2 }]);
  // Backoff from one second: the first retry waits 1–2 s, the second 2–4 s (pg-boss adds jitter).
  const [first, second, third] = flakyTries as [number, number, number];
  expect(second - first).toBeGreaterThanOrEqual(1_000);
  expect(third - second).toBeGreaterThanOrEqual(2_000);

  await b.jobs.send('doomed');
  const failures = await until(async () => {
    const answer = await request(a.internalApp.callback()).get('/internal/jobs/failures').set('X-Internal-Token', TEST_INTERNAL_TOKEN);
    const list = answer.body as { name: string; error: string; retries: number }[];
    return list.some((failure) => failure.name === 'doomed') ? list : undefined;
  }, 'the failure of doomed');
  expect(failures.find((failure) => failure.name === 'doomed')).toMatchObject({ error: 'o servidor de e-mail recusou', retries: 1 });
  // The first run is told it will be retried; the retry, that it is the last (a worker says so to the broker then).
  expect(doomedAttempts).toEqual([
    { retry: 0, last: false },
    { retry: 1, last: true },
  ]);
  // Only the internal token's holders read it.
  expect((await request(a.internalApp.callback()).get('/internal/jobs/failures')).status).toBe(403);
  const text = (await metricsOf(a)).text + (await metricsOf(b)).text;
  expect(text).toMatch(/job_runs_total\{job="doomed",outcome="failure",service="chores"\} [12]/);
  expect(text).toMatch(/job_runs_total\{job="flaky",outcome="failure",service="chores"\} [12]/);
});

test('a schedule is written once, in São Paulo time, with the kit’s cleanup beside it', async () => {
  const [a] = replicas as [Service];
  const { rows } = await a.knex.raw<{ rows: { name: string; cron: string; timezone: string }[] }>(
    'select name, cron, timezone from chores_jobs.schedule order by name',
  );
  expect(rows).toEqual([
    { name: 'cleanup', cron: '*/10 * * * *', timezone: 'America/Sao_Paulo' },
    { name: 'morning', cron: '0 7 * * *', timezone: 'America/Sao_Paulo' },
  ]);
  // Every job is on /metrics before it first runs.
  const text = (await metricsOf(a)).text;
  for (const job of ['cleanup', 'morning']) expect(text).toContain(`job_runs_total{job="${job}",outcome="success",service="chores"} 0`);
});
