import { randomUUID } from 'node:crypto';
import knexFactory from 'knex';
import request from 'supertest';
import type { Service } from '../src';
import { ensureRateLimitTable } from '../src/rate-limit';
import { createTestDatabase, randomUser, sessionCookieFor } from '../src/testing';
import { createNotesService } from './fixtures/notes-service';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let notes: Service;
let otherService: Service;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  database = await createTestDatabase();
  const limits = { limits: { writesPerMinute: 4, uploadsPerMinute: 2 } };
  // Two services of their own schemas: an account's writes count together across them.
  [notes, otherService] = await Promise.all([
    createNotesService(database.url, 'notes', limits),
    createNotesService(database.url, 'agenda', limits),
  ]);
});

afterAll(async () => {
  await notes?.close();
  await otherService?.close();
  await database?.drop();
});

async function broker(service: Service) {
  const user = randomUser();
  return { user, cookie: await sessionCookieFor(service, user) };
}
const note = (service: Service, cookie: string) =>
  request(service.app.callback()).post('/api/notes').set('Cookie', cookie).send({ text: 'oi' });

test('the shared counters table is created once when every service starts at the same moment', async () => {
  const knex = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 8 } });
  try {
    const table = `public.race_${randomUUID().slice(0, 8)}`;
    // Without the lock, create-if-not-exists races on the row type and one of these fails (23505).
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => ensureRateLimitTable(knex, table)));
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    await knex.raw(`drop table ${table}`);
  } finally {
    await knex.destroy();
  }
});

describe('per-account limits', () => {
  test('writes: parallel requests get exactly the limit through, across services; then a pt-BR 429 with Retry-After; reads and other accounts go on', async () => {
    const { cookie } = await broker(notes);
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => note(notes, cookie)),
      ...Array.from({ length: 4 }, () => note(otherService, cookie)),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 201, 429, 429, 429, 429]);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body).toEqual({ message: 'Muitas alterações em pouco tempo. Aguarde um minuto e tente novamente.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await request(notes.app.callback()).get('/api/me').set('Cookie', cookie)).status).toBe(200);
    expect((await note(notes, (await broker(notes)).cookie)).status).toBe(201);
  });

  test('an account at its write limit can still sign out: sign-out is not a write', async () => {
    const { cookie } = await broker(notes);
    for (let n = 0; n < 4; n += 1) expect((await note(notes, cookie)).status).toBe(201);
    expect((await note(notes, cookie)).status).toBe(429);
    // This fixture has no sign-out route (identity has): past the limiter, it is the router's 404, not a 429.
    expect((await request(notes.app.callback()).post('/api/auth/logout').set('Cookie', cookie)).status).toBe(404);
  });

  test('uploads have their own, smaller limit', async () => {
    const { cookie } = await broker(notes);
    const upload = () => request(notes.app.callback()).post('/api/notes/attachment').set('Cookie', cookie).attach('file', PDF, 'a.pdf');
    expect((await upload()).status).toBe(201);
    expect((await upload()).status).toBe(201);
    const third = await upload();
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ message: 'Muitos arquivos enviados em pouco tempo. Aguarde um minuto e tente novamente.' });
  });

  test('a write handed on to another service (X-Accel-Redirect) is not counted here: the service that takes it counts it', async () => {
    const { cookie } = await broker(notes);
    for (let n = 0; n < 6; n += 1) {
      const handedOn = await request(notes.app.callback()).post('/api/notes/elsewhere').set('Cookie', cookie).send({});
      expect([handedOn.status, handedOn.headers['x-accel-redirect']]).toEqual([404, '/elsewhere']);
    }
    for (let n = 0; n < 4; n += 1) expect((await note(notes, cookie)).status).toBe(201);
    expect((await note(notes, cookie)).status).toBe(429);
  });

  test('signed out, nothing is counted (identity limits its own anonymous endpoints by address)', async () => {
    for (let n = 0; n < 6; n += 1) expect((await request(notes.app.callback()).post('/api/notes').send({ text: 'x' })).status).toBe(401);
  });
});

describe('per-member limits under a brokerage ceiling (#58 item 10)', () => {
  let team: Service;
  beforeAll(async () => {
    // A member's 4 writes a minute, the brokerage's 6.
    team = await createNotesService(database.url, 'team_notes', {
      limits: { writesPerMinute: 4, uploadsPerMinute: 2, brokerageWritesPerMinute: 6 },
    });
  });
  afterAll(() => team?.close());

  test("one member's burst slows only them; the brokerage's ceiling bounds every member together", async () => {
    const owner = randomUser();
    const member = (memberId: string) => sessionCookieFor(team, { ...owner, memberId, role: 'producer' });
    const [paulo, regina, ana] = await Promise.all([member(randomUUID()), member(randomUUID()), member(randomUUID())]);
    const burst = await Promise.all(Array.from({ length: 8 }, () => note(team, paulo)));
    expect(burst.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 201, 429, 429, 429, 429]);
    // A colleague's writes go on: Paulo's refusals spent none of the brokerage's room.
    expect((await note(team, regina)).status).toBe(201);
    expect((await note(team, regina)).status).toBe(201);
    // Six for the brokerage: a third member is refused at its ceiling, in pt-BR.
    const ceiling = await note(team, ana);
    expect([ceiling.status, ceiling.body.message]).toEqual([429, 'Muitas alterações em pouco tempo. Aguarde um minuto e tente novamente.']);
  });
});
