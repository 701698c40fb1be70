import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import request from 'supertest';
import { prepareDatabase, roleOf, serviceDatabaseUrl, type Service } from '../src';
import { createTestDatabase } from '../src/testing';
import { createNotesService } from './fixtures/notes-service';

// Roles belong to the cluster, not to a database: names of this run only, dropped at the end.
const suffix = randomBytes(4).toString('hex');
const own = { schema: `notes_${suffix}`, password: randomBytes(18).toString('base64url') };
const other = { schema: `other_${suffix}`, password: randomBytes(18).toString('base64url') };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let admin: Knex;
let service: Service | undefined;
let asRole: Knex;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 2 } });
  // A deployment from before the roles: the administrator had already created a table in the schema.
  await admin.raw('create schema ??', [other.schema]);
  await admin.raw('create table ??.legacy (id serial primary key, secret text)', [other.schema]);
  await admin.raw("insert into ??.legacy (secret) values ('só do outro serviço')", [other.schema]);
  await prepareDatabase(database.url, [own, other]);
  await prepareDatabase(database.url, [own, other]); // idempotent: every `up` runs it
  service = await createNotesService(serviceDatabaseUrl(database.url, own), own.schema, {}, ['notes']);
  asRole = knexFactory({ client: 'pg', connection: serviceDatabaseUrl(database.url, own), pool: { min: 0, max: 1 } });
});

afterAll(async () => {
  await service?.close();
  await asRole?.destroy();
  await admin?.destroy();
  await database?.drop();
  const cluster = knexFactory({ client: 'pg', connection: process.env.DATABASE_URL, pool: { min: 0, max: 1 } });
  for (const role of [roleOf(own.schema), roleOf(other.schema)]) await cluster.raw('drop role if exists ??', [role]);
  await cluster.destroy();
});

test('a service connects as its own role, which is no superuser and cannot create roles or databases', async () => {
  const { rows } = await asRole.raw(
    'select current_user as name, rolsuper, rolcreaterole, rolcreatedb from pg_roles where rolname = current_user',
  );
  expect(rows[0]).toEqual({ name: roleOf(own.schema), rolsuper: false, rolcreaterole: false, rolcreatedb: false });
});

test('the role owns its schema and its migrated tables, and serves requests with them', async () => {
  const owners = await admin.raw(
    "select n.nspname, pg_get_userbyid(n.nspowner) as owner from pg_namespace n where n.nspname = ? union all select c.relname, pg_get_userbyid(c.relowner) from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = ? and c.relkind = 'r'",
    [own.schema, own.schema],
  );
  expect(owners.rows.length).toBeGreaterThan(1);
  for (const row of owners.rows as { owner: string }[]) expect(row.owner).toBe(roleOf(own.schema));

  const agent = request.agent(service!.app.callback());
  await agent.post('/api/test-login').send({ id: '0b6f7a1e-3f3a-4a51-9d3c-0d8f0f0c2a11', email: 'a@corretora.test' }).expect(200);
  const created = await agent.post('/api/notes').send({ text: 'com o papel do serviço' });
  expect(created.status).toBe(201);
});

test("the role cannot read another service's schema, create in public or change the shared tables' shape", async () => {
  await expect(asRole.raw('select * from ??.legacy', [other.schema])).rejects.toThrow(/permission denied/);
  await expect(asRole.raw('create table public.intruder (id int)')).rejects.toThrow(/permission denied/);
  await expect(asRole.raw('create schema intruder')).rejects.toThrow(/permission denied/);
  await expect(asRole.raw('alter table public.sessions add column stolen text')).rejects.toThrow(/must be owner/);
  await expect(asRole.raw('drop table public.account_gates')).rejects.toThrow(/must be owner/);
});

test("an older deployment's tables move to the schema's role", async () => {
  const { rows } = await admin.raw('select pg_get_userbyid(relowner) as owner from pg_class where oid = to_regclass(?)', [
    `${other.schema}.legacy`,
  ]);
  expect(rows[0].owner).toBe(roleOf(other.schema));
});

test('a role whose shared tables were never prepared is told how to fix it at start', async () => {
  const bare = await createTestDatabase();
  const lonely = { schema: `lonely_${suffix}`, password: randomBytes(18).toString('base64url') };
  const setup = knexFactory({ client: 'pg', connection: bare.url, pool: { min: 0, max: 1 } });
  try {
    await setup.raw('revoke create on schema public from public');
    await setup.raw(`create role ?? login password '${lonely.password}'`, [roleOf(lonely.schema)]);
    await setup.raw('create schema ?? authorization ??', [lonely.schema, roleOf(lonely.schema)]);
    await expect(createNotesService(serviceDatabaseUrl(bare.url, lonely), lonely.schema)).rejects.toThrow(
      /public\.sessions, public\.client_sessions, public\.account_gates, public\.account_rate_limits, public\.audit_log, the extension pg_trgm missing or not granted to this role: prepare the database first/,
    );
  } finally {
    await setup.destroy();
    await bare.drop();
    const cluster = knexFactory({ client: 'pg', connection: process.env.DATABASE_URL, pool: { min: 0, max: 1 } });
    await cluster.raw('drop role if exists ??', [roleOf(lonely.schema)]);
    await cluster.destroy();
  }
});

test('keepPasswords: an existing role keeps the password its service logs in with; without it, the new one replaces it', async () => {
  const login = (password: string) =>
    knexFactory({ client: 'pg', connection: serviceDatabaseUrl(database.url, { ...own, password }), pool: { min: 0, max: 1 } });
  const another = randomBytes(18).toString('base64url');
  await prepareDatabase(database.url, [{ ...own, password: another }], { keepPasswords: true });
  const kept = login(own.password);
  try {
    expect((await kept.raw('select current_user as who')).rows).toEqual([{ who: roleOf(own.schema) }]);
  } finally {
    await kept.destroy();
  }
  await prepareDatabase(database.url, [{ ...own, password: another }]);
  const old = login(own.password);
  await expect(old.raw('select 1')).rejects.toThrow(/password authentication failed/);
  await old.destroy();
  // Back as it was, for the tests after this one.
  await prepareDatabase(database.url, [own]);
});

test('bad names and short passwords are refused before anything is created', async () => {
  await expect(prepareDatabase(database.url, [{ schema: 'Robert"); drop', password: 'x'.repeat(20) }])).rejects.toThrow(
    /not a schema name/,
  );
  await expect(prepareDatabase(database.url, [{ schema: 'ok', password: 'short' }])).rejects.toThrow(/at least 16 characters/);
  await expect(prepareDatabase(database.url, [{ schema: 'ok', password: 'p@ss:word/0123456789' }])).rejects.toThrow(/a letter, a digit/);
});
