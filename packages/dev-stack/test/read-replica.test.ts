import { chmod, mkdtemp, rm } from 'node:fs/promises';
import type http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { FRESH_COOKIE, FRESH_HEADER, createKnex, createLogger, readRouting, readerOf } from '@corretora/service-kit';
import { createTestDatabase } from '@corretora/service-kit/testing';
import { startReadReplica, type RunningReadReplica } from '../src/read-replica';
import { freePort } from './support/free-port';

/**
 * The kit's read routing against a real streaming replica of the test PostgreSQL, started from a
 * copy of its data directory and replaying every commit 1.5 s late: what may lag reads there, a
 * session that has just written and a call made for one read the primary, and a replica that stops
 * answering is skipped.
 */
type Knex = ReturnType<typeof createKnex>;
const DELAY_MS = 1500;

let dir: string;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let replica: RunningReadReplica;
let primary: Knex;
let routing: Awaited<ReturnType<typeof readRouting>>;
const servers: http.Server[] = [];
let base: string;
let internalBase: string;

function listen(app: Koa): Promise<string> {
  return new Promise((resolve) => {
    const running = app.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(running.address() as net.AddressInfo).port}`));
    servers.push(running);
  });
}

/** GET: how many things this request finds, read where the kit says; POST: one more thing (the primary). */
const things: Koa.Middleware = async (ctx) => {
  if (ctx.method === 'POST') {
    await primary('things').insert({ label: 'nova' });
    ctx.status = 201;
    return;
  }
  const [row] = (await readerOf(primary)('things').count({ n: '*' })) as { n: string }[];
  ctx.body = row!.n;
};

const count = async (url: string, headers: Record<string, string> = {}) => Number(await (await fetch(`${url}/things`, { headers })).text());
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'read-replica-test-'));
  // As root the replica runs as the postgres user, who must be able to enter its folder.
  await chmod(dir, 0o755);
  database = await createTestDatabase();
  primary = createKnex(database.url, 'public');
  await primary.raw('create table things (id serial primary key, label text)');
  const { rows } = await primary.raw<{ rows: { directory: string }[] }>("select current_setting('data_directory') as directory");
  replica = await startReadReplica({
    adminUrl: database.url,
    primaryDataDir: rows[0]!.directory,
    dir: path.join(dir, 'replica'),
    port: await freePort(),
    delayMs: DELAY_MS,
  });
  routing = await readRouting(primary, {
    readUrl: replica.through(database.url),
    schema: 'public',
    windowSeconds: 30,
    secure: false,
    log: createLogger('read-replica-test', 'silent'),
  });
  base = await listen(new Koa().use(routing.public).use(things));
  internalBase = await listen(new Koa().use(routing.internal).use(things));
  // Streaming may start a moment after the replica accepts connections (a loaded CI machine): until
  // then the kit rightly keeps reads on the primary.
  for (let waited = 0; !routing.replicaInUse(); waited += 250) {
    if (waited > 60_000) throw new Error('the kit never took the replica into use');
    await sleep(250);
  }
}, 120_000);

afterAll(async () => {
  for (const server of servers) server.close();
  await routing?.close();
  await primary?.destroy();
  await replica?.stop();
  await database?.drop();
  await rm(dir, { recursive: true, force: true });
});

test('a read that may lag goes to the replica; the session that wrote reads the primary for its window', async () => {
  const before = await count(base);
  const written = await fetch(`${base}/things`, { method: 'POST' });
  expect(written.status).toBe(201);
  const cookie = written.headers.get('set-cookie') ?? '';
  expect(cookie).toMatch(new RegExp(`^${FRESH_COOKIE}=1; path=/; expires=.*; samesite=lax; httponly$`));
  // The writer: its own write at once (the primary).
  expect(await count(base, { cookie: cookie.split(';')[0]! })).toBe(before + 1);
  // Anyone else: the replica, which replays the insert 1.5 s late.
  expect(await count(base)).toBe(before);
  await sleep(DELAY_MS + 1000);
  expect(await count(base)).toBe(before + 1);
});

test('between services, a call made for a write or a read right after one reads the primary', async () => {
  const before = await count(internalBase);
  await fetch(`${base}/things`, { method: 'POST' });
  expect(await count(internalBase, { [FRESH_HEADER]: '1' })).toBe(before + 1);
  expect(await count(internalBase)).toBe(before);
  // The header means nothing at the public door (the client cannot steer the services' reads with it);
  // a forged fresh cookie only sends the forger's own reads to the primary, as a write would have.
  expect(await count(base, { [FRESH_HEADER]: '1' })).toBe(before);
  expect(await count(base, { cookie: `${FRESH_COOKIE}=1` })).toBe(before + 1);
  expect(await count(base, { cookie: `${FRESH_COOKIE}=${'x'.repeat(4000)}` })).toBe(before + 1);
  expect(await count(base)).toBe(before);
  await sleep(DELAY_MS + 1000);
});

test('a replica that stops answering is skipped: every read goes to the primary', async () => {
  await fetch(`${base}/things`, { method: 'POST' });
  const onPrimary = Number((await primary('things').count({ n: '*' }))[0]!.n);
  await replica.stop();
  // The kit looks every second.
  await sleep(2500);
  expect(await count(base)).toBe(onPrimary);
});
