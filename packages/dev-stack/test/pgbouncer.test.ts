import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  auditRequestWrites,
  auditTables,
  createKnex,
  prepareDatabase,
  preparedQuery,
  requireOwnSearchPath,
  roleOf,
  runAsMember,
  serviceDatabaseUrl,
  withAdvisoryLock,
} from '@corretora/service-kit';
import { createTestDatabase } from '@corretora/service-kit/testing';
import { startPgBouncer, type RunningPgBouncer } from '../src/pgbouncer';
import { freePort } from './support/free-port';

/**
 * The kit behind Debian's PgBouncer in transaction mode with ONE server connection: every client
 * connection's statements take turns on it, so whatever one leaves on the session meets the next.
 */
const SCHEMA = 'pooled';
const PASSWORD = 'pooled-role-password-0123456789';

let dir: string;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pooler: RunningPgBouncer;
type Knex = ReturnType<typeof createKnex>;
let admin: Knex;
let knex: Knex;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'pgbouncer-test-'));
  database = await createTestDatabase();
  await prepareDatabase(database.url, [{ schema: SCHEMA, password: PASSWORD }]);
  pooler = await startPgBouncer({
    dir,
    port: await freePort(),
    databaseUrl: database.url,
    users: [{ name: roleOf(SCHEMA), password: PASSWORD }],
    poolSize: 1,
  });
  // Straight to Postgres as its administrator (what the test looks at; the lock's callers).
  admin = createKnex(database.url, 'public');
  knex = createKnex(pooler.through(serviceDatabaseUrl(database.url, { schema: SCHEMA, password: PASSWORD })), SCHEMA, undefined, {
    poolMode: 'transaction',
  });
  await knex.raw('create table things (id serial primary key, user_id uuid not null, label text unique)');
  await auditTables(knex, { things: 'thing' });
  auditRequestWrites(knex);
});

afterAll(async () => {
  await knex?.destroy();
  await admin?.destroy();
  await pooler?.stop();
  await database?.drop();
  await rm(dir, { recursive: true, force: true });
});

test('every server connection starts in the role’s own schema (db-init sets it), and a role without it is refused', async () => {
  await expect(requireOwnSearchPath(knex, SCHEMA)).resolves.toBeUndefined();
  await expect(requireOwnSearchPath(knex, 'finance')).rejects.toThrow(/DATABASE_POOL_MODE=transaction/);
  const { rows } = await knex.raw<{ rows: { schema: string }[] }>(
    "select table_schema as schema from information_schema.tables where table_name = 'things'",
  );
  expect(rows).toEqual([{ schema: SCHEMA }]);
});

test('the audit log names the member of each write, members writing side by side on one server connection', async () => {
  const brokerage = randomUUID();
  const members = [randomUUID(), randomUUID(), randomUUID()];
  const write = (member: string, round: number) =>
    runAsMember({ id: member, role: 'producer', address: '10.0.0.7' }, async () => {
      await knex('things').insert({ user_id: brokerage, label: `${member} ${round}` });
    });
  for (let round = 0; round < 5; round++) await Promise.all(members.map((member) => write(member, round)));
  // A write with no request (a job): no member, whatever the last one left.
  await knex('things').insert({ user_id: brokerage, label: 'do sistema' });
  const log = (await admin('public.audit_log').where({ user_id: brokerage }).orderBy('id').select('actor_id', 'changes')) as {
    actorId: string | null;
    changes: { label: { after: string } };
  }[];
  expect(log).toHaveLength(16);
  for (const entry of log) {
    const label = entry.changes.label.after;
    expect(entry.actorId).toBe(label === 'do sistema' ? null : label.split(' ')[0]);
  }
});

test('a lone write that fails leaves no transaction open behind it', async () => {
  const brokerage = randomUUID();
  const member = { id: randomUUID(), role: 'producer' as const };
  await runAsMember(member, async () => {
    await knex('things').insert({ user_id: brokerage, label: 'única' });
    await expect(knex('things').insert({ user_id: brokerage, label: 'única' })).rejects.toThrow(/duplicate key/);
    await knex('things').insert({ user_id: brokerage, label: 'depois do erro' });
  });
  const { rows } = await admin.raw<{ rows: { open: number }[] }>(
    "select count(*)::int as open from pg_stat_activity where usename = ? and state like 'idle in transaction%'",
    [roleOf(SCHEMA)],
  );
  expect(rows[0]!.open).toBe(0);
  expect(await knex('things').where({ user_id: brokerage }).count({ n: '*' })).toEqual([{ n: '2' }]);
});

test('prepared queries run from many client connections at once (unnamed: PgBouncer 1.18 keeps none per client)', async () => {
  const query = preparedQuery<{ n: number }>(knex, 'select $1::int as n');
  const answers = await Promise.all(Array.from({ length: 30 }, (_, index) => query([index])));
  expect(answers.map((rows) => rows[0]!.n)).toEqual(Array.from({ length: 30 }, (_, index) => index));
});

test('an advisory lock is a transaction’s: callers take turns and nothing is held after', async () => {
  // Straight to Postgres: the holder keeps a connection in its transaction while the work runs on
  // another, which one server connection cannot give (the pooler's pools have ten).
  const events: string[] = [];
  const locked = (name: string) =>
    withAdvisoryLock(admin, 'pooled:turns', async () => {
      events.push(`${name} in`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await admin.raw('select 1');
      events.push(`${name} out`);
    });
  await Promise.all([locked('a'), locked('b')]);
  expect([events.slice(0, 2), events.slice(2)].map((pair) => pair.map((event) => event.split(' ')[1]))).toEqual([
    ['in', 'out'],
    ['in', 'out'],
  ]);
  const { rows } = await admin.raw<{ rows: { held: number }[] }>("select count(*)::int as held from pg_locks where locktype = 'advisory'");
  expect(rows[0]!.held).toBe(0);
});

test('a PgBouncer an interrupted run left in the same folder is stopped, and the new one serves this run’s passwords', async () => {
  const folder = path.join(dir, 'interrupted');
  const port = await freePort();
  const users = (password: string) => [{ name: roleOf(SCHEMA), password }];
  // Started and never stopped: its run was killed outright.
  const left = await startPgBouncer({ dir: folder, port, databaseUrl: database.url, users: users(PASSWORD), poolSize: 1 });
  try {
    const again = await startPgBouncer({ dir: folder, port, databaseUrl: database.url, users: users(PASSWORD), poolSize: 1 });
    const through = createKnex(again.through(serviceDatabaseUrl(database.url, { schema: SCHEMA, password: PASSWORD })), SCHEMA, undefined, {
      poolMode: 'transaction',
    });
    try {
      expect((await through.raw<{ rows: { one: number }[] }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await through.destroy();
      await again.stop();
    }
  } finally {
    await left.stop();
  }
});

test('a second PgBouncer on a port already answering refuses to start instead of passing for the first', async () => {
  const port = Number(new URL(pooler.through(database.url)).port);
  const again = path.join(dir, 'again');
  await expect(
    startPgBouncer({ dir: again, port, databaseUrl: database.url, users: [{ name: roleOf(SCHEMA), password: 'another' }], poolSize: 1 }),
  ).rejects.toThrow(`port ${port} is already in use by something else`);
  // The first still answers, with its own password.
  expect((await knex.raw<{ rows: { one: number }[] }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
});
