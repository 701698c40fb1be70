import request from 'supertest';
import { SESSION_COOKIE, createObjectStore, type Service } from '../src';
import { createTestDatabase, randomUser, sessionCookieFor } from '../src/testing';
import { createNotesService } from './fixtures/notes-service';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let first: Service;
let second: Service;

beforeAll(async () => {
  database = await createTestDatabase();
  // Two replicas migrating at once must not race (advisory lock).
  [first, second] = await Promise.all([createNotesService(database.url), createNotesService(database.url)]);
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await database?.drop();
});

function cookiesOf(response: request.Response): string[] {
  const raw = response.headers['set-cookie'] as unknown as string[] | undefined;
  return raw ?? [];
}

function cookieHeader(response: request.Response): string {
  return cookiesOf(response).map((cookie) => cookie.split(';')[0]).join('; ');
}

function sessionIdOf(response: request.Response): string | undefined {
  return cookiesOf(response).find((c) => c.startsWith(`${SESSION_COOKIE}=`))?.split(';')[0]?.split('=')[1];
}

describe('errors and validation', () => {
  test('signed out gets a JSON 401', async () => {
    const response = await request(first.app.callback()).get('/api/me');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Não autenticado.' });
  });

  test('invalid body gets 400 with pt-BR field issues', async () => {
    const cookie = await sessionCookieFor(first, randomUser());
    const response = await request(first.app.callback()).post('/api/notes').set('Cookie', cookie).send({ text: 42 });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Dados inválidos.', issues: [{ path: 'text', message: 'Texto é obrigatório' }] });
  });

  test('malformed JSON gets 400, a huge body 413, a form post 415', async () => {
    const cookie = await sessionCookieFor(first, randomUser());
    const app = first.app.callback();
    const malformed = await request(app).post('/api/notes').set('Cookie', cookie).set('Content-Type', 'application/json').send('{"text":');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'JSON inválido.' });
    const huge = await request(app).post('/api/notes').set('Cookie', cookie).send({ text: 'x'.repeat(200_000) });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('Requisição muito grande.');
    const form = await request(app).post('/api/notes').set('Cookie', cookie).type('form').send('text=oi');
    expect(form.status).toBe(415);
    expect(await first.knex('notes').count({ n: '*' }).first()).toEqual({ n: '0' });
  });

  test('unexpected errors are a generic 500 without details; unknown routes a JSON 404', async () => {
    const boom = await request(first.app.callback()).get('/api/boom');
    expect(boom.status).toBe(500);
    expect(boom.body).toEqual({ message: 'Erro interno do servidor.' });
    const missing = await request(first.app.callback()).get('/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Rota não encontrada.' });
  });

  test('non-numeric and other users\' ids are 404', async () => {
    const owner = await sessionCookieFor(first, randomUser());
    const other = await sessionCookieFor(first, randomUser());
    const created = await request(first.app.callback()).post('/api/notes').set('Cookie', owner).send({ text: 'minha' });
    expect(created.status).toBe(201);
    expect((await request(first.app.callback()).get(`/api/notes/${created.body.id}`).set('Cookie', other)).status).toBe(404);
    expect((await request(first.app.callback()).get('/api/notes/abc').set('Cookie', owner)).status).toBe(404);
    expect((await request(first.app.callback()).get(`/api/notes/${created.body.id}`).set('Cookie', owner)).status).toBe(200);
  });

  test('health and readiness', async () => {
    expect((await request(first.app.callback()).get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await request(first.app.callback()).get('/readyz')).body).toEqual({ status: 'ok' });
  });

  test('request ids are echoed or generated', async () => {
    const echoed = await request(first.app.callback()).get('/healthz').set('X-Request-Id', 'abcdef12-3456');
    expect(echoed.headers['x-request-id']).toBe('abcdef12-3456');
    const generated = await request(first.app.callback()).get('/healthz');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('shared session', () => {
  test('one login serves both services; the id changes at login; logout kills it everywhere', async () => {
    const user = randomUser();
    const anonymous = await sessionCookieFor(first, user);
    const anonymousId = anonymous.split(';')[0]?.split('=')[1];

    const login = await request(first.app.callback()).post('/api/test-login').set('Cookie', anonymous).send(user);
    expect(login.status).toBe(200);
    const newId = sessionIdOf(login);
    expect(newId).toBeTruthy();
    expect(newId).not.toBe(anonymousId);
    // The pre-login session is gone (no fixation).
    expect((await request(second.app.callback()).get('/api/me').set('Cookie', anonymous)).status).toBe(401);

    const cookie = cookieHeader(login);
    const onSecond = await request(second.app.callback()).get('/api/me').set('Cookie', cookie);
    expect(onSecond.status).toBe(200);
    expect(onSecond.body).toEqual(user);

    const logout = await request(second.app.callback()).post('/api/test-logout').set('Cookie', cookie);
    expect(logout.status).toBe(204);
    expect((await request(first.app.callback()).get('/api/me').set('Cookie', cookie)).status).toBe(401);
    expect((await request(second.app.callback()).get('/api/me').set('Cookie', cookie)).status).toBe(401);
  });

  test('cookie flags: HttpOnly, SameSite=Lax, Secure only over https', async () => {
    const user = randomUser();
    const plain = await request(first.app.callback()).post('/api/test-login').send(user);
    const sessionCookie = cookiesOf(plain).find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    expect(sessionCookie).toMatch(/httponly/i);
    expect(sessionCookie).toMatch(/samesite=lax/i);
    expect(sessionCookie).not.toMatch(/secure/i);

    const https = await request(first.app.callback()).post('/api/test-login').set('X-Forwarded-Proto', 'https').send(user);
    const secureCookie = cookiesOf(https).find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    expect(secureCookie).toMatch(/secure/i);
  });

  test('a forged signature is not a session', async () => {
    const cookie = await sessionCookieFor(first, randomUser());
    const forged = cookie.replace(/sig=[^;]+/, 'sig=forged');
    expect((await request(first.app.callback()).get('/api/me').set('Cookie', forged)).status).toBe(401);
  });
});

describe('cross-site protection and internal routes', () => {
  test('a foreign Origin is refused on state-changing requests, the own origin is accepted', async () => {
    const cookie = await sessionCookieFor(first, randomUser());
    const foreign = await request(first.app.callback())
      .post('/api/notes').set('Cookie', cookie).set('Host', 'crm.example').set('Origin', 'https://evil.example').send({ text: 'x' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ message: 'Origem não permitida.' });
    const own = await request(first.app.callback())
      .post('/api/notes').set('Cookie', cookie).set('Host', 'crm.example').set('Origin', 'https://crm.example').send({ text: 'x' });
    expect(own.status).toBe(201);
  });

  test('/internal needs the internal token', async () => {
    expect((await request(first.app.callback()).get('/internal/ping')).status).toBe(403);
    const ok = await request(first.app.callback()).get('/internal/ping').set('x-internal-token', 'test-internal-token');
    expect(ok.body).toEqual({ pong: true });
  });
});

describe('object store', () => {
  test('put, read back, remove by prefix', async () => {
    const store = createObjectStore();
    await store.ensureBucket();
    const prefix = `test/${Date.now()}/`;
    await store.putObject(`${prefix}a.txt`, Buffer.from('olá'), 'text/plain');
    const stream = await store.getObject(`${prefix}a.txt`);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('olá');
    expect((await store.statObject(`${prefix}a.txt`)).contentType).toBe('text/plain');
    await store.removePrefix(prefix);
    await expect(store.statObject(`${prefix}a.txt`)).rejects.toThrow();
  });
});
