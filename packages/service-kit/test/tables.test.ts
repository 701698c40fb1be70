import path from 'node:path';
import request from 'supertest';
import { createService, currentUser, declareTables, parseIdParam, requireUser, runAsClient, type Service } from '../src';
import { createTestDatabase, memberOf, randomUser, sessionCookieFor, testConfig } from '../src/testing';

/**
 * A service added by a team that never opens the kit: one table declared as a member's, and the
 * broker scope narrows it for a producer like any of ours.
 */
const scratchTables = declareTables('scratch', { member: ['errands'], brokerage: [], limitable: ['errands'] });
/** The brokerages that narrow their assistants to their own errands (the service's own setting, read per request). */
const limiting = new Set<string>();

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let scratch: Service;

beforeAll(async () => {
  database = await createTestDatabase();
  scratch = await createService({
    config: testConfig('scratch', database.url),
    migrationsDir: path.join(__dirname, 'fixtures', 'scratch-migrations'),
    tables: scratchTables,
    limitsAssistants: async (_knex, brokerageId) => limiting.has(brokerageId),
    routes(router, { knex }) {
      const errands = scratchTables.scoped(knex, 'errands');
      router.post('/api/errands', requireUser, async (ctx) => {
        const [row] = await errands.of(currentUser(ctx).id).insert({ title: String((ctx.request.body as { title: string }).title) });
        ctx.status = 201;
        ctx.body = row;
      });
      router.get('/api/errands', requireUser, async (ctx) => {
        ctx.body = await errands.of(currentUser(ctx).id).rows().orderBy('id').select('id', 'title');
      });
      router.get('/api/errands/:id', requireUser, async (ctx) => {
        const row = await errands.of(currentUser(ctx).id).byId(parseIdParam(ctx.params.id)).first('id', 'title');
        if (!row) {
          ctx.status = 404;
          ctx.body = { message: 'Tarefa não encontrada.' };
          return;
        }
        ctx.body = row;
      });
    },
  });
});

afterAll(async () => {
  await scratch?.close();
  await database?.drop();
});

test('a scratch service with one table declared: a producer sees only theirs, the owner all, another brokerage none', async () => {
  const owner = randomUser();
  const paulo = memberOf(owner, 'producer');
  const rita = memberOf(owner, 'producer');
  const stranger = randomUser();
  const api = () => request(scratch.app.callback());
  const as = async (user: typeof owner) => ({ Cookie: await sessionCookieFor(scratch, user) });
  const write = async (user: typeof owner, title: string) =>
    (
      await api()
        .post('/api/errands')
        .set(await as(user))
        .send({ title })
    ).body as { id: number; responsibleId: string };

  const paulos = await write(paulo, 'Vistoria do Paulo');
  expect(paulos.responsibleId).toBe(paulo.memberId);
  await write(rita, 'Vistoria da Rita');
  await write(stranger, 'De outra corretora');

  const titles = async (user: typeof owner) =>
    (
      (
        await api()
          .get('/api/errands')
          .set(await as(user))
      ).body as { title: string }[]
    ).map((row) => row.title);
  expect(await titles(paulo)).toEqual(['Vistoria do Paulo']);
  expect(await titles(rita)).toEqual(['Vistoria da Rita']);
  expect(await titles(owner)).toEqual(['Vistoria do Paulo', 'Vistoria da Rita']);
  expect(await titles(stranger)).toEqual(['De outra corretora']);
  // An assistant sees the brokerage's; limited by their brokerage (a table declared limitable), only theirs.
  const ana = memberOf(owner, 'assistant');
  await write(ana, 'Vistoria da Ana');
  expect(await titles(ana)).toEqual(['Vistoria do Paulo', 'Vistoria da Rita', 'Vistoria da Ana']);
  limiting.add(owner.id);
  expect(await titles(ana)).toEqual(['Vistoria da Ana']);
  expect(
    (
      await api()
        .get(`/api/errands/${paulos.id}`)
        .set(await as(ana))
    ).status,
  ).toBe(404);
  // The limit is the assistants' only: the owner and the producers are as they were.
  expect(await titles(owner)).toEqual(['Vistoria do Paulo', 'Vistoria da Rita', 'Vistoria da Ana']);
  expect(await titles(paulo)).toEqual(['Vistoria do Paulo']);
  limiting.delete(owner.id);
  // A colleague's record by id is one that does not exist; so is another brokerage's.
  expect(
    (
      await api()
        .get(`/api/errands/${paulos.id}`)
        .set(await as(rita))
    ).status,
  ).toBe(404);
  expect(
    (
      await api()
        .get(`/api/errands/${paulos.id}`)
        .set(await as(stranger))
    ).status,
  ).toBe(404);
  expect(
    (
      await api()
        .get(`/api/errands/${paulos.id}`)
        .set(await as(owner))
    ).status,
  ).toBe(200);
});

test('a service whose migration creates a user_id table it did not declare refuses to start', async () => {
  await expect(
    createService({
      config: testConfig('forgetful', database.url),
      migrationsDir: path.join(__dirname, 'fixtures', 'scratch-migrations-undeclared'),
      tables: declareTables('forgetful', { member: [], brokerage: [] }),
      routes() {},
    }),
  ).rejects.toThrow("forgotten_chores (with a user_id) not declared in forgetful's src/tables.ts");
});

test("under a portal's client, a table its service did not open to clients cannot be read at all, nor read by hand-written SQL (#61)", async () => {
  const owner = randomUser();
  const errands = scratchTables.scoped(scratch.knex, 'errands');
  const client = { userId: owner.id, document: '52998224725', contactIds: [1], contactId: 1, name: 'Cliente' };
  expect(() => runAsClient(client, () => errands.of(owner.id).rows())).toThrow(/errands is not open to a portal's client/);
  expect(() => runAsClient(client, () => scratchTables.bindings('errands', owner.id))).toThrow(/reads through of\(\) only/);
  // The same reads as the brokerage (a member, a job) are as before.
  await expect(errands.of(owner.id).rows().select('id')).resolves.toEqual([]);
});
