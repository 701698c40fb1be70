import { randomUUID } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { auditRequestWrites, auditTables, ensureAuditLog } from '../src/audit';
import { runAsMember } from '../src/member-context';
import { createTestDatabase } from '../src/testing';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let knex: Knex;

beforeAll(async () => {
  database = await createTestDatabase();
  // One connection: every write meets what the one before it left on the connection.
  knex = knexFactory({ client: 'pg', connection: database.url, pool: { min: 1, max: 1 } });
  await ensureAuditLog(knex);
  await knex.raw('create table things (id serial primary key, user_id uuid not null, label text)');
  await auditTables(knex, { things: 'thing' });
  auditRequestWrites(knex);
});

afterAll(async () => {
  await knex?.destroy();
  await database?.drop();
});

describe('the audit log’s actor', () => {
  test('is the member of each write, in a transaction or not, whatever the connection’s last write left', async () => {
    const brokerage = randomUUID();
    const [ana, bruno, carla] = [randomUUID(), randomUUID(), randomUUID()];
    // A query builder runs when awaited: awaited inside the member's context, as a request's handler does.
    const as = (id: string) => (work: () => PromiseLike<unknown>) =>
      runAsMember({ id, role: 'producer', address: '10.0.0.7' }, async () => {
        await work();
      });
    // Ana writes outside a transaction (the connection's session setting becomes hers)…
    await as(ana)(() => knex('things').insert({ user_id: brokerage, label: 'da Ana' }));
    // …then Bruno writes inside one, and Carla in another of two statements; then a job (no member).
    await as(bruno)(() => knex.transaction((trx) => trx('things').insert({ user_id: brokerage, label: 'do Bruno' })));
    await as(carla)(() =>
      knex.transaction(async (trx) => {
        await trx('things').insert({ user_id: brokerage, label: 'da Carla' });
        await trx('things').where({ label: 'da Ana' }).update({ label: 'da Ana, por Carla' });
      }),
    );
    await knex.transaction((trx) => trx('things').insert({ user_id: brokerage, label: 'do sistema' }));
    const log = (await knex('public.audit_log').orderBy('id').select({ actorId: 'actor_id' }, 'address', 'action', 'changes')) as {
      actorId: string | null;
      address: string | null;
      action: string;
      changes: Record<string, { after: unknown }>;
    }[];
    expect(log.map((entry) => [entry.actorId, entry.action, entry.changes.label?.after])).toEqual([
      [ana, 'insert', 'da Ana'],
      [bruno, 'insert', 'do Bruno'],
      [carla, 'insert', 'da Carla'],
      [carla, 'update', 'da Ana, por Carla'],
      [null, 'insert', 'do sistema'],
    ]);
    expect(log[1]!.address).toBe('10.0.0.7');
  });
});
