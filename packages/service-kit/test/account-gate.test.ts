import knexFactory from 'knex';
import request from 'supertest';
import { beginClearing, clearingTransaction, endClearing, type Service } from '../src';
import { ensureAccountGate, runWithAccountGeneration } from '../src/account-gate';
import { ensureSessionsTable } from '../src/database';
import { createTestDatabase, randomUser, sessionCookieFor } from '../src/testing';
import { createNotesService } from './fixtures/notes-service';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let service: Service;

beforeAll(async () => {
  database = await createTestDatabase();
  service = await createNotesService(database.url, 'notes', {}, ['notes']);
});

afterAll(async () => {
  await service?.close();
  await database?.drop();
});

test('the shared tables are set up by many starters at once on a small pool without starving the lock holder', async () => {
  // Each starter waits for the lock on a connection of its own; the holder's work runs on its own
  // connection too (a transaction), so six starters on a pool of two all finish.
  const knex = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 2, acquireTimeoutMillis: 10_000 } });
  try {
    const starts = Array.from({ length: 6 }, (_, index) => (index % 2 === 0 ? ensureSessionsTable(knex) : ensureAccountGate(knex)));
    const outcomes = await Promise.allSettled(starts);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
  } finally {
    await knex.destroy();
  }
});

const CLEARING =
  'Limpeza de dados em andamento. Aguarde alguns segundos e tente novamente; se a limpeza falhou, repita Limpar Dados no menu do usuário.';

async function broker() {
  const user = randomUser();
  return { user, cookie: await sessionCookieFor(service, user) };
}
const note = (cookie: string, text = 'oi') => request(service.app.callback()).post('/api/notes').set('Cookie', cookie).send({ text });

describe("account gate (Limpar Dados against the account's own writes)", () => {
  test("a clear waits for the account's open write; while it runs every write is a pt-BR 409; after it, writes go on; other accounts never wait", async () => {
    const { user, cookie } = await broker();
    const other = await broker();
    const mine = await note(cookie);
    expect(mine.status).toBe(201);

    // A write of the account, still open when the clear starts.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertDone = new Promise<void>((resolve) => (inserted = resolve));
    const writer = service.knex.transaction(async (trx) => {
      await trx('notes').insert({ userId: user.id, text: 'em andamento' });
      inserted();
      await held;
    });
    await insertDone;
    let started = false;
    const clearing = beginClearing(service.knex, user.id).then((generation) => {
      started = true;
      return generation;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(started).toBe(false);
    // Another account writes while this one's clear waits.
    expect((await note(other.cookie)).status).toBe(201);
    release();
    await writer;
    const generation = await clearing;
    expect(started).toBe(true);

    const refused = await note(cookie);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: CLEARING });
    const edit = await request(service.app.callback()).patch(`/api/notes/${mine.body.id}`).set('Cookie', cookie).send({ text: 'x' });
    expect(edit.status).toBe(409);
    // The clear's own writes pass.
    await clearingTransaction(service.knex, async (trx) => {
      await trx('notes').where({ userId: user.id }).delete();
      await trx('notes').insert({ userId: user.id, text: 'padrão' });
    });
    await endClearing(service.knex, user.id, generation);
    expect((await note(cookie)).status).toBe(201);
    expect((await service.knex('notes').where({ userId: user.id }).pluck('text')).sort()).toEqual(['oi', 'padrão']);
  });

  test("a transaction planned before a clear (its request's generation) cannot commit after it", async () => {
    const { user } = await broker();
    await service.knex('notes').insert({ userId: user.id, text: 'antes' });
    const generation = (await service.knex('public.account_gates').where({ userId: user.id }).first('generation'))!.generation as number;
    await runWithAccountGeneration(generation, async () => {
      // ... the request checks something, then the whole clear happens ...
      await endClearing(service.knex, user.id, await beginClearing(service.knex, user.id));
      await expect(service.knex.transaction((trx) => trx('notes').insert({ userId: user.id, text: 'tarde' }))).rejects.toMatchObject({
        code: 'CR410',
      });
    });
    // A request that starts now sees the new generation and writes.
    await runWithAccountGeneration(generation + 1, () =>
      service.knex.transaction((trx) => trx('notes').insert({ userId: user.id, text: 'depois' })),
    );
    expect(await service.knex('notes').where({ userId: user.id }).pluck('text')).toEqual(['antes', 'depois']);
  });

  test('a later clear keeps the gate closed when an earlier one ends', async () => {
    const { user, cookie } = await broker();
    const first = await beginClearing(service.knex, user.id);
    const second = await beginClearing(service.knex, user.id);
    await endClearing(service.knex, user.id, first);
    expect((await note(cookie)).status).toBe(409);
    await endClearing(service.knex, user.id, second);
    expect((await note(cookie)).status).toBe(201);
  });

  test('a request that started while the account was being cleared cannot commit in a transaction after it', async () => {
    const { user, cookie } = await broker();
    const generation = await beginClearing(service.knex, user.id);
    // The session lookup reports -1 while clearing.
    const [row] = (
      await service.knex.raw(
        `select case when clearing_since is not null then -1 else generation end as g from public.account_gates where user_id = ?`,
        [user.id],
      )
    ).rows;
    expect(row.g).toBe(-1);
    await endClearing(service.knex, user.id, generation);
    await runWithAccountGeneration(-1, async () => {
      await expect(service.knex.transaction((trx) => trx('notes').insert({ userId: user.id, text: 'x' }))).rejects.toMatchObject({
        code: 'CR410',
      });
    });
    expect((await note(cookie)).status).toBe(201);
  });
});
