import { SERVICE_NAMES } from '@corretora/registry';
import { createKnex, keyByBrokerage, shardReadinessProblems } from '../src';
import { prepareDatabase, roleOf } from '../src/database-roles';
import { migrateAsRole } from '../src/backup/schema-migrations';
import { createTestDatabase } from '../src/testing';

/**
 * Ready to shard by brokerage (#63 item 5), checked over the schema every service's migrations build:
 * each table holding a brokerage's rows is keyed by it, or says in the schema why it is not.
 */
type Knex = ReturnType<typeof createKnex>;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let admin: Knex;
/** The services' roles' passwords (their hashes) before and after this suite prepared its copy. */
const passwords: Record<'before' | 'after', Record<string, string | null>> = { before: {}, after: {} };
const passwordsNow = async (knex: Knex) =>
  Object.fromEntries(
    (
      await knex.raw<{ rows: { name: string; password: string | null }[] }>(
        'select rolname as name, rolpassword as password from pg_authid where rolname = any(?)',
        [SERVICE_NAMES.map(roleOf)],
      )
    ).rows.map((row) => [row.name, row.password]),
  );

beforeAll(async () => {
  database = await createTestDatabase();
  admin = createKnex(database.url, 'public');
  passwords.before = await passwordsNow(admin);
  // The services' own role names, on a cluster where the journeys' stack may be logging in as them
  // (npm test runs both at once): their passwords are left as they are.
  await prepareDatabase(
    database.url,
    SERVICE_NAMES.map((schema) => ({ schema, password: `shard-ready-${schema}-0123456789` })),
    { keepPasswords: true },
  );
  passwords.after = await passwordsNow(admin);
  for (const schema of SERVICE_NAMES) await migrateAsRole(database.url, schema, 'latest');
}, 180_000);

afterAll(async () => {
  await admin?.destroy();
  await database?.drop();
});

test('the roles a running stack logs in as keep their passwords (the journeys run beside this suite)', () => {
  for (const [role, password] of Object.entries(passwords.before))
    expect({ role, password: passwords.after[role] }).toEqual({ role, password });
});

test('every table of every service, and the kit’s shared ones, can be distributed by brokerage', async () => {
  expect(await shardReadinessProblems(admin, [...SERVICE_NAMES, 'public'])).toEqual([]);
});

test('the check names what breaks the rule, and keyByBrokerage mends it keeping every row and the delete rules', async () => {
  await admin.raw('create schema scratch');
  await admin.raw(`
    create table scratch.parents (id serial primary key, user_id uuid not null, code text unique);
    create table scratch.children (id serial primary key, user_id uuid not null,
      parent_id integer references scratch.parents(id) on delete set null,
      owner_id integer not null references scratch.parents(id) on delete cascade);
    create table scratch.loose (id serial primary key, note text)`);
  expect(await shardReadinessProblems(admin, ['scratch'])).toEqual([
    "scratch.children's primary key (id) lacks user_id",
    "scratch.loose has no user_id: give it the brokerage id, or say why not ('shard: local — …')",
    "scratch.parents's primary key (id) lacks user_id",
    "scratch.parents's unique parents_code_key (code) lacks user_id",
    expect.stringMatching(
      /^scratch\.children's foreign key children_(parent|owner)_id_fkey to scratch\.parents \((parent|owner)_id\) lacks user_id/,
    ),
    expect.stringMatching(
      /^scratch\.children's foreign key children_(parent|owner)_id_fkey to scratch\.parents \((parent|owner)_id\) lacks user_id/,
    ),
  ]);

  const brokerage = '11111111-1111-4111-8111-111111111111';
  const [parent] = (
    await admin.raw(`insert into scratch.parents (user_id, code) values (?, 'A'), (?, 'B') returning id`, [brokerage, brokerage])
  ).rows as { id: number }[];
  await admin.raw('insert into scratch.children (user_id, parent_id, owner_id) values (?, ?, ?), (?, null, ?)', [
    brokerage,
    parent!.id,
    parent!.id + 1,
    brokerage,
    parent!.id,
  ]);
  await admin.transaction(async (trx) => {
    await trx.raw('set local search_path = scratch');
    await keyByBrokerage(trx, 'scratch');
    await trx.raw(`comment on table loose is 'shard: local — a test table'`);
  });
  expect(await shardReadinessProblems(admin, ['scratch'])).toEqual([]);
  // The same rows; a child of another brokerage's parent is refused; deleting a parent clears only the
  // child's parent_id (SET NULL keeps the brokerage), and its own children go (CASCADE).
  expect(Number((await admin.raw('select count(*) as n from scratch.children')).rows[0].n)).toBe(2);
  await expect(
    admin.raw('insert into scratch.children (user_id, owner_id) values (?, ?)', ['22222222-2222-4222-8222-222222222222', parent!.id]),
  ).rejects.toThrow(/foreign key/);
  await admin.raw('delete from scratch.parents where id = ?', [parent!.id]);
  expect((await admin.raw('select user_id, parent_id, owner_id from scratch.children')).rows).toEqual([
    { user_id: brokerage, parent_id: null, owner_id: parent!.id + 1 },
  ]);
  // A code is unique within a brokerage (another may use it); a read by id alone still has an index.
  await admin.raw(`insert into scratch.parents (user_id, code) values ('22222222-2222-4222-8222-222222222222', 'B')`);
  await expect(admin.raw(`insert into scratch.parents (user_id, code) values (?, 'B')`, [brokerage])).rejects.toThrow(/duplicate key/);
  const indexes = (await admin.raw("select indexdef from pg_indexes where schemaname = 'scratch' and tablename = 'parents' order by 1"))
    .rows;
  expect(indexes.map((row: { indexdef: string }) => row.indexdef)).toEqual(
    expect.arrayContaining([expect.stringContaining('parents_pkey_lookup ON scratch.parents USING btree (id)')]),
  );
});
