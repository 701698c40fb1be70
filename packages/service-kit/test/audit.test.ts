import { randomUUID } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { auditRequestWrites, auditTables, ensureAuditLog, redactAudit } from '../src/audit';
import { internalMember, runAsClientActor, runAsMember } from '../src/member-context';
import Koa from 'koa';
import request from 'supertest';
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

  test('a client on the portal is the client of the entry (no member), a member after them on the same connection is the member (#61)', async () => {
    const brokerage = randomUUID();
    const dora = randomUUID();
    await runAsMember(undefined, () =>
      runAsClientActor({ contactId: 42, address: '10.0.0.9' }, async () => {
        await knex('things').insert({ user_id: brokerage, label: 'pelo portal' });
        await knex.transaction((trx) => trx('things').insert({ user_id: brokerage, label: 'pelo portal, numa transação' }));
      }),
    );
    await runAsMember({ id: dora, role: 'producer' }, async () => {
      await knex('things').insert({ user_id: brokerage, label: 'da Dora' });
    });
    const log = (await knex('public.audit_log')
      .where({ user_id: brokerage })
      .orderBy('id')
      .select({ actorId: 'actor_id', actorClient: 'actor_client' }, 'address')) as {
      actorId: string | null;
      actorClient: number | null;
      address: string | null;
    }[];
    expect(log).toEqual([
      { actorId: null, actorClient: 42, address: '10.0.0.9' },
      { actorId: null, actorClient: 42, address: '10.0.0.9' },
      { actorId: dora, actorClient: null, address: null },
    ]);
  });

  test("the internal listener's client header: a malformed one, or one beside a member's, is a 400 (never a wider or another actor)", async () => {
    const app = new Koa();
    app.use(internalMember);
    app.use((ctx) => {
      ctx.body = { ok: true };
    });
    const call = (headers: Record<string, string>) => request(app.callback()).get('/').set(headers);
    expect((await call({ 'x-corretora-client': '42 10.0.0.9' })).status).toBe(200);
    for (const value of ['abc', '0', '-1', '42 10.0.0.9 extra', '42 <script>', '99999999999'])
      expect((await call({ 'x-corretora-client': value })).status).toBe(400);
    expect((await call({ 'x-corretora-client': '42', 'x-corretora-member': `${randomUUID()} owner` })).status).toBe(400);
  });
});

describe('the audit log’s one redaction (LGPD erasure, #40)', () => {
  test("blanks the values of an erased record's entries only (another record naming the subject stays), keeps who and when; a role cannot update the log itself", async () => {
    const brokerage = randomUUID();
    const other = randomUUID();
    const [{ id: kept }] = await knex('things').insert({ user_id: brokerage, label: 'Apólice 123' }).returning('id');
    const [{ id: gone }] = await knex('things').insert({ user_id: brokerage, label: 'Maria Quitéria' }).returning('id');
    await knex('things').insert({ user_id: brokerage, label: 'nota sobre maria quitéria' });
    await knex('things').insert({ user_id: other, label: 'Maria Quitéria' });
    // A role as a service has it: select and insert on the log (and, here, update too: the trigger must still refuse).
    await knex.raw(
      'do $$ begin if not exists (select from pg_roles where rolname = $r$audit_probe$r$) then create role audit_probe; end if; end $$',
    );
    await knex.raw('grant select, insert, update on public.audit_log to audit_probe');
    await expect(
      knex.transaction(async (trx) => {
        await trx.raw('set local role audit_probe');
        await trx.raw("select set_config('corretora.redacting', 'on', true)");
        await trx.raw("update public.audit_log set changes = '{}' where user_id = ?", [brokerage]);
      }),
    ).rejects.toThrow(/não pode ser alterado/);

    const touched = await knex.transaction(async (trx) => {
      await trx.raw('set local role audit_probe');
      return redactAudit(trx, brokerage, 'Eliminado pelo pedido LGPD-2026-0001', [{ entity: 'thing', id: gone }]);
    });
    expect(touched).toBe(1);
    const entries = (await knex('public.audit_log')
      .whereIn('user_id', [brokerage, other])
      .orderBy('id')
      .select('user_id', 'entity_id', 'action', 'changes')) as {
      user_id: string;
      entity_id: string;
      action: string;
      changes: Record<string, unknown>;
    }[];
    expect(
      entries.map((entry) => [
        entry.user_id === brokerage,
        entry.action,
        JSON.stringify(entry.changes).toLowerCase().includes('quitéria'),
        'apagado' in entry.changes,
      ]),
    ).toEqual([
      [true, 'insert', false, false],
      [true, 'insert', false, true],
      // Another record that names her (a colleague's note, a common surname): not hers, kept (#57).
      [true, 'insert', true, false],
      [false, 'insert', true, false],
    ]);
    expect(entries[0]!.entity_id).toBe(String(kept));
    // Delete and truncate stay refused for everyone.
    await expect(knex('public.audit_log').where({ user_id: brokerage }).delete()).rejects.toThrow(/não pode ser alterado/);
  });
});
