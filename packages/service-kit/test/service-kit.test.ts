import request from 'supertest';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import { PassThrough } from 'node:stream';
import Koa from 'koa';
import {
  BrokerScopedTable,
  REDACTED_PATHS,
  requestLogging,
  securityHeaders,
  SESSION_COOKIE,
  createLogger,
  createObjectStore,
  mapError,
  preparedRead,
  readBaseConfig,
  type Service,
} from '../src';
import { TEST_INTERNAL_TOKEN, createTestDatabase, randomUser, sessionCookieFor } from '../src/testing';
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
  return cookiesOf(response)
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

function sessionIdOf(response: request.Response): string | undefined {
  return cookiesOf(response)
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))
    ?.split(';')[0]
    ?.split('=')[1];
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
    const huge = await request(app)
      .post('/api/notes')
      .set('Cookie', cookie)
      .send({ text: 'x'.repeat(200_000) });
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

  test("non-numeric and other users' ids are 404", async () => {
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

  test('cookie flags: HttpOnly, SameSite=Lax, Path=/; not Secure when not configured', async () => {
    const user = randomUser();
    const plain = await request(first.app.callback()).post('/api/test-login').send(user);
    const sessionCookie = cookiesOf(plain).find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    expect(sessionCookie).toMatch(/httponly/i);
    expect(sessionCookie).toMatch(/samesite=lax/i);
    expect(sessionCookie).toMatch(/path=\//i);
    expect(sessionCookie).not.toMatch(/secure/i);
  });

  test('a forged signature is not a session', async () => {
    const cookie = await sessionCookieFor(first, randomUser());
    const forged = cookie.replace(/sig=[^;]+/, 'sig=forged');
    expect((await request(first.app.callback()).get('/api/me').set('Cookie', forged)).status).toBe(401);
  });
});

describe('cross-site protection and internal routes', () => {
  test("every answer carries helmet's security headers, errors included", async () => {
    const cookie = await sessionCookieFor(first, randomUser());
    const app = first.app.callback();
    for (const response of [
      await request(app).get('/api/notes').set('Cookie', cookie),
      await request(app).get('/api/notes'),
      await request(app).get('/api/nowhere').set('Cookie', cookie),
    ]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['content-security-policy']).toBeUndefined();
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  test('securityHeaders takes its values from helmet once: HSTS when asked, a header turned off stays off', async () => {
    const app = new Koa();
    app.use(securityHeaders({ contentSecurityPolicy: false, strictTransportSecurity: { maxAge: 63_072_000 }, xFrameOptions: false }));
    app.use((ctx) => {
      ctx.body = { ok: true };
    });
    const response = await request(app.callback()).get('/');
    expect(response.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  test('health answers before any other middleware, GET and HEAD only', async () => {
    const app = first.app.callback();
    expect((await request(app).get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await request(app).get('/readyz')).body).toEqual({ status: 'ok' });
    expect((await request(app).head('/healthz')).status).toBe(200);
    expect((await request(app).post('/healthz').send({})).status).toBe(404);
  });

  test('a foreign Origin is refused on state-changing requests, the own origin is accepted', async () => {
    const cookie = await sessionCookieFor(first, randomUser());
    const foreign = await request(first.app.callback())
      .post('/api/notes')
      .set('Cookie', cookie)
      .set('Host', 'crm.example')
      .set('Origin', 'https://evil.example')
      .send({ text: 'x' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ message: 'Origem não permitida.' });
    const own = await request(first.app.callback())
      .post('/api/notes')
      .set('Cookie', cookie)
      .set('Host', 'crm.example')
      .set('Origin', 'https://crm.example')
      .send({ text: 'x' });
    expect(own.status).toBe(201);
  });

  test('/internal lives on its own listener and needs the whole internal token', async () => {
    const internal = () => request(first.internalApp.callback());
    expect((await internal().get('/internal/ping')).status).toBe(403);
    expect((await internal().get('/internal/ping').set('x-internal-token', TEST_INTERNAL_TOKEN.slice(0, 10))).status).toBe(403);
    expect((await internal().get('/internal/ping').set('x-internal-token', `${TEST_INTERNAL_TOKEN}x`)).status).toBe(403);
    const ok = await internal().get('/internal/ping').set('x-internal-token', TEST_INTERNAL_TOKEN);
    expect(ok.body).toEqual({ pong: true });
    // The public app, the one the gateway forwards to, has no /internal at all.
    const publicAnswer = await request(first.app.callback()).get('/internal/ping').set('x-internal-token', TEST_INTERNAL_TOKEN);
    expect(publicAnswer.status).toBe(404);
  });

  test('/metrics on the internal listener: latency by route pattern and status, the pool, Node; not on the public one', async () => {
    const cookie = await sessionCookieFor(first, randomUser());
    const api = () => request(first.app.callback());
    const created = await api().post('/api/notes').set('Cookie', cookie).send({ text: 'medido' }).expect(201);
    await api().get(`/api/notes/${created.body.id}`).set('Cookie', cookie).expect(200);
    await api().get(`/api/no-such-${Date.now()}`).expect(404);
    const scraped = await request(first.internalApp.callback()).get('/metrics');
    expect(scraped.status).toBe(200);
    expect(scraped.headers['content-type']).toContain('text/plain');
    const text = scraped.text;
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",service="notes",method="POST",route="\/api\/notes",status="201"\} \d+/,
    );
    // The route's pattern, not the id in the address.
    expect(text).toMatch(
      /http_request_duration_seconds_count\{service="notes",method="GET",route="\/api\/notes\/:id",status="200"\} [1-9]/,
    );
    expect(text).not.toContain(`/api/notes/${created.body.id}"`);
    // A path no route knows is counted under one label, never its own series.
    expect(text).toContain('route="unmatched",status="404"');
    expect(text).not.toContain('/api/no-such-');
    expect(text).toMatch(/db_pool_connections\{state="used",service="notes"\} \d+/);
    // Queries waiting for a connection are their own series, never counted as connections.
    expect(text).toMatch(/db_pool_pending_acquires\{service="notes"\} \d+/);
    expect(text).not.toContain('state="pending"');
    expect(text).toMatch(/nodejs_eventloop_lag_seconds\{service="notes"\} /);
    expect(text).toMatch(/process_resident_memory_bytes\{service="notes"\} /);
    expect((await api().get('/metrics')).status).toBe(404);
  });

  test('background jobs on /metrics: runs by outcome, duration, items, last success; a failed pass is counted and rethrown', async () => {
    const { jobs } = first;
    await jobs.record(
      'bench_sweep',
      async () => 7,
      (written) => written,
    );
    await jobs.record(
      'bench_sweep',
      async () => 3,
      (written) => written,
    );
    await expect(jobs.record('bench_sweep', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    const text = (await request(first.internalApp.callback()).get('/metrics')).text;
    expect(text).toContain('job_runs_total{job="bench_sweep",outcome="success",service="notes"} 2');
    expect(text).toContain('job_runs_total{job="bench_sweep",outcome="failure",service="notes"} 1');
    expect(text).toContain('job_items_total{job="bench_sweep",service="notes"} 10');
    expect(text).toMatch(/job_duration_seconds_count\{[^}]*job="bench_sweep"[^}]*\} 3\n/);
    expect(text).toMatch(/job_last_success_timestamp_seconds\{job="bench_sweep",service="notes"\} \d+/);
  });

  test('both listeners bind loopback by default; the internal one on its own port', async () => {
    const { server, internal } = await first.listen(0);
    try {
      const address = server.address() as { address: string; port: number };
      const internalAddress = internal.address() as { address: string; port: number };
      expect(address.address).toBe('127.0.0.1');
      expect(internalAddress.address).toBe('127.0.0.1');
      expect(internalAddress.port).not.toBe(address.port);
      const viaPublic = await fetch(`http://127.0.0.1:${address.port}/internal/ping`, {
        headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
      });
      expect(viaPublic.status).toBe(404);
      const viaInternal = await fetch(`http://127.0.0.1:${internalAddress.port}/internal/ping`, {
        headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
      });
      expect(viaInternal.status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await new Promise((resolve) => internal.close(resolve));
    }
  });
});

describe('uploads (koa-body, one part, sniffed, streamed to S3)', () => {
  const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), Buffer.alloc(size)]);
  const uploadDirs = async () => (await readdir(os.tmpdir())).filter((name) => name.startsWith('upload-')).length;

  beforeAll(async () => {
    await createObjectStore().ensureBucket();
  });

  test('a 9 MB PDF streams to the store and reads back whole; no temporary file stays', async () => {
    const cookie = await sessionCookieFor(first, randomUser());
    const before = await uploadDirs();
    const bytes = pdf(9 * 1024 * 1024);
    const response = await request(first.app.callback())
      .post('/api/notes/attachment')
      .set('Cookie', cookie)
      .attach('file', bytes, 'contrato.pdf');
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ size: bytes.length, mime: 'application/pdf' });
    expect((await createObjectStore().statObject(response.body.key)).size).toBe(bytes.length);
    expect(await uploadDirs()).toBe(before);
  });

  test('refused: an executable named .pdf, a file over the limit, a second part, no file; nothing stays behind', async () => {
    const cookie = await sessionCookieFor(first, randomUser());
    const before = await uploadDirs();
    const post = () => request(first.app.callback()).post('/api/notes/attachment').set('Cookie', cookie);
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4096)]);
    expect((await post().attach('file', elf, { filename: 'fatura.pdf', contentType: 'application/pdf' })).body).toEqual({
      message: 'só PDF',
    });
    const big = await post().attach('file', pdf(11 * 1024 * 1024), 'grande.pdf');
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ message: 'grande' });
    const two = await post().attach('file', pdf(10), 'a.pdf').attach('file', pdf(10), 'b.pdf');
    expect(two.status).toBe(400);
    expect(two.body).toEqual({ message: 'só o arquivo' });
    expect((await post().field('x', 'y').attach('file', pdf(10), 'a.pdf')).body).toEqual({ message: 'só o arquivo' });
    expect((await post().field('x', 'y')).status).toBe(400);
    expect((await post().send({ file: 'x' })).status).toBe(415);
    expect(await uploadDirs()).toBe(before);
  });
});

describe('broker-scoped tables', () => {
  /** Ana's notes 'b' and 'a', Bia's 'da Bia'. */
  async function twoBrokersNotes() {
    const notes = new BrokerScopedTable(first.knex, 'notes');
    const ana = randomUser();
    const bia = randomUser();
    await notes.of(ana.id).insert({ text: 'b' });
    await notes.of(ana.id).insert({ text: 'a' });
    await notes.of(bia.id).insert({ text: 'da Bia' });
    return { notes, ana, bia };
  }

  test("every query is the broker's own; inserts are stamped with them", async () => {
    const notes = new BrokerScopedTable(first.knex, 'notes');
    const ana = randomUser();
    const bia = randomUser();
    const [mine] = await notes.of(ana.id).insert({ text: 'da Ana' });
    expect(mine.userId).toBe(ana.id);
    expect(await notes.of(bia.id).byId(mine.id).first()).toBeUndefined();
    expect(await notes.of(bia.id).update(mine.id, { text: 'roubada' })).toEqual([]);
    expect(await notes.of(bia.id).remove(mine.id)).toBe(0);
    expect((await notes.of(ana.id).byId(mine.id).first()).text).toBe('da Ana');
    expect((await notes.of(ana.id).rows()).map((row: { id: number }) => row.id)).toEqual([mine.id]);
  });

  test("insertMany writes many rows in one statement, each the broker's whatever the values say", async () => {
    const notes = new BrokerScopedTable(first.knex, 'notes');
    const ana = randomUser();
    const bia = randomUser();
    expect(await notes.of(ana.id).insertMany([])).toEqual([]);
    const written = await notes.of(ana.id).insertMany([{ text: 'um' }, { text: 'dois', userId: bia.id }]);
    expect(written.map((row) => [row.text, row.userId])).toEqual([
      ['um', ana.id],
      ['dois', ana.id],
    ]);
    expect(await notes.of(bia.id).rows()).toEqual([]);
  });

  test("hand-written SQL reads the broker's rows through from(): a join of two scoped tables sees nothing of another broker", async () => {
    const notes = new BrokerScopedTable(first.knex, 'notes');
    const ana = randomUser();
    const bia = randomUser();
    const [mine] = await notes.of(ana.id).insert({ text: 'da Ana' });
    const [theirs] = await notes.of(bia.id).insert({ text: 'da Bia' });
    const read = (userId: string, id: number) =>
      first.knex.raw<{ rows: { text: string; other: string | null }[] }>(
        'select n.text, o.text as other from ? left join ? on o.id = ? where n.id = ?',
        [notes.of(userId).from('n'), notes.of(userId).from('o'), theirs.id, id],
      );
    expect((await read(ana.id, mine.id)).rows).toEqual([{ text: 'da Ana', other: null }]);
    expect((await read(ana.id, theirs.id)).rows).toEqual([]);
    expect((await read(bia.id, theirs.id)).rows).toEqual([{ text: 'da Bia', other: 'da Bia' }]);
  });

  test("updateFrom changes the broker's rows only, whatever the batch names (#36: no hand-written user_id filter)", async () => {
    const notes = new BrokerScopedTable(first.knex, 'notes');
    const ana = randomUser();
    const bia = randomUser();
    const [mine] = await notes.of(ana.id).insert({ text: 'da Ana' });
    const [theirs] = await notes.of(bia.id).insert({ text: 'da Bia' });
    const batch = JSON.stringify([
      { id: mine.id, text: 'nova' },
      { id: theirs.id, text: 'roubada' },
    ]);
    const result = (await notes
      .of(ana.id)
      .updateFrom(
        'n',
        { set: 'text = x.text || ?', from: 'jsonb_to_recordset(?::jsonb) as x(id int, text text)', where: 'n.id = x.id and x.text <> ?' },
        { set: ['!'], from: [batch], where: ['nada'] },
      )) as { rowCount: number };
    expect(result.rowCount).toBe(1);
    expect((await notes.of(ana.id).byId(mine.id).first()).text).toBe('nova!');
    expect((await notes.of(bia.id).byId(theirs.id).first()).text).toBe('da Bia');
  });

  test('a compiled read answers what the builder would, for each broker alone, with camelCase keys', async () => {
    const { notes, ana, bia } = await twoBrokersNotes();
    const read = notes.compiledRead<{ id: number; text: string; userId: string }>((rows) =>
      rows.select('id', 'text', 'userId').orderBy('text'),
    );
    const built = await notes.of(ana.id).rows().select('id', 'text', 'userId').orderBy('text');
    expect(await read(ana.id)).toEqual(built);
    expect((await read(ana.id)).map((row) => [row.text, row.userId])).toEqual([
      ['a', ana.id],
      ['b', ana.id],
    ]);
    expect((await read(bia.id)).map((row) => row.text)).toEqual(['da Bia']);
    expect(await read(randomUser().id)).toEqual([]);
  });

  test('a compiled read keeps each broker apart under parallel calls on every pooled connection', async () => {
    const notes = new BrokerScopedTable(first.knex, 'notes');
    const brokers = [randomUser(), randomUser(), randomUser()];
    for (const broker of brokers) await notes.of(broker.id).insert({ text: `de ${broker.email}` });
    const read = notes.compiledRead<{ text: string; userId: string }>((rows) => rows.select('text', 'userId'));
    // More calls than the pool has connections: the statement is prepared on each, bound per call.
    const calls = Array.from({ length: 60 }, (_, index) => brokers[index % brokers.length]!);
    const answers = await Promise.all(calls.map((broker) => read(broker.id)));
    answers.forEach((rows, index) => expect(rows).toEqual([{ text: `de ${calls[index]!.email}`, userId: calls[index]!.id }]));
  });

  test('a prepared read answers what its builder or raw would, with the member’s scope, in a transaction too', async () => {
    const { notes, ana, bia } = await twoBrokersNotes();
    const builder = () => notes.of(ana.id).rows().select('id', 'text', 'userId').orderBy('text');
    expect(await preparedRead(first.knex, builder())).toEqual(await builder());
    const raw = (userId: string) =>
      first.knex.raw('select n.text, n.user_id from ? where n.text <> ? order by n.text', [notes.of(userId).from('n'), 'b']);
    expect(await preparedRead(first.knex, raw(ana.id))).toEqual([{ text: 'a', userId: ana.id }]);
    // The same text for every broker: each call bound to its own, side by side on every pooled connection.
    const calls = Array.from({ length: 40 }, (_, index) => (index % 2 === 0 ? ana : bia));
    const answers = await Promise.all(calls.map((who) => preparedRead<{ text: string }>(first.knex, raw(who.id))));
    answers.forEach((rows, index) => expect(rows.map((row) => row.text)).toEqual(calls[index] === ana ? ['a'] : ['da Bia']));
    // In a transaction, on its connection: it sees the transaction's own write.
    await expect(
      first.knex.transaction(async (trx) => {
        await notes.of(ana.id, trx).insert({ text: 'c' });
        expect((await preparedRead<{ text: string }>(trx, raw(ana.id))).map((row) => row.text)).toEqual(['a', 'c']);
        throw new Error('desfeita');
      }),
    ).rejects.toThrow('desfeita');
    expect((await preparedRead<{ text: string }>(first.knex, raw(ana.id))).map((row) => row.text)).toEqual(['a']);
  });

  test('a compiled read that drops the broker filter is refused when it is built', () => {
    const notes = new BrokerScopedTable(first.knex, 'notes');
    expect(() => notes.compiledRead((rows) => rows.clearWhere())).toThrow('must filter by the broker');
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

describe('configuration', () => {
  const base = { SESSION_KEYS: 'k'.repeat(32), INTERNAL_TOKEN: 't'.repeat(32), DATABASE_URL: 'postgres://x' };

  test('loopback, internal port = port + 100, 12 h idle, 7 days, Secure from an https APP_URL', () => {
    const config = readBaseConfig('identity', base);
    expect(config).toMatchObject({ host: '127.0.0.1', port: 4101, internalPort: 4201 });
    expect(config.session).toEqual({ idleMs: 12 * 3_600_000, lifetimeMs: 7 * 24 * 3_600_000, secure: false });
    expect(readBaseConfig('identity', { ...base, APP_URL: 'https://crm.example' }).session.secure).toBe(true);
    expect(readBaseConfig('identity', { ...base, APP_URL: 'https://crm.example', COOKIE_SECURE: 'false' }).session.secure).toBe(false);
    const custom = readBaseConfig('identity', {
      ...base,
      HOST: '0.0.0.0',
      INTERNAL_PORT: '5000',
      SESSION_IDLE_MINUTES: '30',
      SESSION_LIFETIME_HOURS: '24',
    });
    expect(custom).toMatchObject({ host: '0.0.0.0', internalPort: 5000 });
    expect(custom.session).toMatchObject({ idleMs: 30 * 60_000, lifetimeMs: 24 * 3_600_000 });
  });

  test('a short internal token or session key, or nonsense durations, stop the service at start', () => {
    expect(() => readBaseConfig('identity', { ...base, INTERNAL_TOKEN: 'short' })).toThrow(/INTERNAL_TOKEN/);
    expect(() => readBaseConfig('identity', { ...base, SESSION_KEYS: 'short' })).toThrow(/SESSION_KEYS/);
    expect(() => readBaseConfig('identity', { ...base, SESSION_IDLE_MINUTES: '-1' })).toThrow(/SESSION_IDLE_MINUTES/);
    expect(() => readBaseConfig('identity', { ...base, COOKIE_SECURE: 'yes please' })).toThrow(/COOKIE_SECURE/);
  });
});

describe('logs', () => {
  test('secrets are redacted wherever they sit', () => {
    const out = new PassThrough();
    let written = '';
    out.on('data', (chunk) => (written += String(chunk)));
    const log = createLogger('x', 'info', out);
    log.info(
      {
        req: { headers: { cookie: 'corretora.sid=abc', authorization: 'Bearer abc', 'x-internal-token': 'abc' } },
        password: 'abc',
        mail: { text: 'https://crm/reset-password#token=abc', link: 'https://crm/reset-password#token=abc' },
        token: 'abc',
        body: { token: 'abc', password: 'abc' },
      },
      'msg',
    );
    expect(written).toContain('[redacted]');
    expect(written).not.toContain('abc');
    expect(REDACTED_PATHS).toContain('req.headers["x-internal-token"]');
  });

  test('one line per request with its id, and nothing the client sent besides method and path', async () => {
    const out = new PassThrough();
    let written = '';
    out.on('data', (chunk) => (written += String(chunk)));
    const app = new Koa();
    app.use(requestLogging(createLogger('x', 'info', out)));
    app.use((ctx) => {
      ctx.body = { ok: true };
    });
    const answer = await request(app.callback())
      .get('/api/notes?token=segredo-na-query')
      .set('Cookie', 'corretora.sid=segredo-do-cookie')
      .set('Authorization', 'Bearer segredo-do-header')
      .set('X-Request-Id', 'req-0123456789');
    const [line, ...rest] = written.trim().split('\n');
    expect(rest).toEqual([]);
    expect(JSON.parse(line!)).toMatchObject({
      msg: 'request',
      requestId: 'req-0123456789',
      method: 'GET',
      path: '/api/notes',
      status: 200,
    });
    expect(answer.headers['x-request-id']).toBe('req-0123456789');
    expect(written).not.toMatch(/segredo/);
  });
});

describe('sanitising input', () => {
  test('ids beyond the integer column are 404, never a 500', async () => {
    const cookie = await sessionCookieFor(first, randomUser());
    const app = first.app.callback();
    for (const id of ['2147483648', '99999999999', '99999999999999999999', '0', '-1', '1e3']) {
      expect((await request(app).get(`/api/notes/${id}`).set('Cookie', cookie)).status).toBe(404);
      expect((await request(app).patch(`/api/notes/${id}`).set('Cookie', cookie).send({ text: 'x' })).status).toBe(404);
    }
    expect((await request(app).get('/api/notes/2147483647').set('Cookie', cookie)).status).toBe(404);
  });

  test('a NUL character anywhere in the body, query or path is a pt-BR 400 and nothing is written', async () => {
    const cookie = await sessionCookieFor(first, randomUser());
    const app = first.app.callback();
    const before = await first.knex('notes').count({ n: '*' }).first();
    const inBody = await request(app).post('/api/notes').set('Cookie', cookie).send({ text: 'a\u0000b' });
    expect(inBody.status).toBe(400);
    expect(inBody.body).toEqual({
      message: 'Texto com caractere inválido.',
      issues: [{ path: 'text', message: 'Texto com caractere inválido.' }],
    });
    const nested = await request(app)
      .post('/api/notes')
      .set('Cookie', cookie)
      .send({ text: 'ok', tags: [{ name: '\u0000' }] });
    expect(nested.body.issues).toEqual([{ path: 'tags.0.name', message: 'Texto com caractere inválido.' }]);
    expect((await request(app).get('/api/notes/1?q=%00').set('Cookie', cookie)).status).toBe(400);
    expect((await request(app).get('/api/notes/1%00').set('Cookie', cookie)).status).toBe(400);
    expect(await first.knex('notes').count({ n: '*' }).first()).toEqual(before);
  });

  test('errors are never cached; 429s say when to come back', async () => {
    const missing = await request(first.app.callback()).get('/api/notes/abc');
    expect(missing.headers['cache-control']).toBe('no-store');
    const unauthenticated = await request(first.app.callback()).get('/api/me');
    expect(unauthenticated.headers['cache-control']).toBe('no-store');
    const unknown = await request(first.app.callback()).get('/api/nothing-here');
    expect(unknown.headers['cache-control']).toBe('no-store');
    expect(mapError(Object.assign(new Error('x'), { status: 429 })).status).toBe(429);
  });
});

describe('session lifetimes', () => {
  const sidHash = async (userId: string) => (await first.knex('public.sessions').where({ userId }).first('sid')).sid as string;
  const versionOf = async (userId: string) =>
    (await first.knex.raw('select xmin::text as version from public.sessions where user_id = ?', [userId])).rows[0]?.version as
      string | undefined;

  test('a read writes nothing: the session row is untouched by 30 authenticated GETs', async () => {
    const user = randomUser();
    const cookie = await sessionCookieFor(first, user);
    const before = await versionOf(user.id);
    for (let i = 0; i < 30; i += 1) expect((await request(first.app.callback()).get('/api/me').set('Cookie', cookie)).status).toBe(200);
    expect(await versionOf(user.id)).toBe(before);
  });

  test('the idle deadline moves at most every few minutes, never past the absolute lifetime', async () => {
    const user = randomUser();
    const cookie = await sessionCookieFor(first, user);
    await first
      .knex('public.sessions')
      .where({ userId: user.id })
      .update({
        seenAt: first.knex.raw("now() - interval '6 minutes'"),
        expire: first.knex.raw("now() + interval '1 minute'"),
        absoluteExpire: first.knex.raw("now() + interval '30 minutes'"),
      });
    expect((await request(first.app.callback()).get('/api/me').set('Cookie', cookie)).status).toBe(200);
    const row = await first.knex('public.sessions').where({ userId: user.id }).first();
    // 12 h of idle time, capped by the absolute lifetime 30 minutes away.
    expect(new Date(row.expire).getTime()).toBe(new Date(row.absoluteExpire).getTime());
    expect(Date.now() - new Date(row.seenAt).getTime()).toBeLessThan(60_000);
  });

  test('past the idle deadline or the absolute lifetime the session is over, on the server', async () => {
    const idle = randomUser();
    const idleCookie = await sessionCookieFor(first, idle);
    await first
      .knex('public.sessions')
      .where({ userId: idle.id })
      .update({ expire: first.knex.raw("now() - interval '1 second'") });
    expect((await request(first.app.callback()).get('/api/me').set('Cookie', idleCookie)).status).toBe(401);
    const old = randomUser();
    const oldCookie = await sessionCookieFor(first, old);
    await first
      .knex('public.sessions')
      .where({ userId: old.id })
      .update({ absoluteExpire: first.knex.raw("now() - interval '1 second'") });
    expect((await request(first.app.callback()).get('/api/me').set('Cookie', oldCookie)).status).toBe(401);
  });

  test('a deleted session never comes back, even with requests in flight and a stale touch due', async () => {
    for (let round = 0; round < 10; round += 1) {
      const user = randomUser();
      const cookie = await sessionCookieFor(first, user);
      await first
        .knex('public.sessions')
        .where({ userId: user.id })
        .update({ seenAt: first.knex.raw("now() - interval '1 hour'") });
      const inFlight = Array.from({ length: 12 }, () =>
        request(first.app.callback())
          .get('/api/me')
          .set('Cookie', cookie)
          .then((r) => r.status),
      );
      await first.knex('public.sessions').where({ userId: user.id }).delete();
      await Promise.all(inFlight);
      expect(await first.knex('public.sessions').where({ userId: user.id }).first()).toBeUndefined();
      expect((await request(first.app.callback()).get('/api/me').set('Cookie', cookie)).status).toBe(401);
    }
  });

  test('rows hold a hash of the id and the user in an indexed column', async () => {
    const user = randomUser();
    const cookie = await sessionCookieFor(first, user);
    const sid = /corretora\.sid=([^;]+)/.exec(cookie)![1]!;
    expect(await sidHash(user.id)).not.toBe(sid);
    const indexes = await first.knex.raw("select indexdef from pg_indexes where schemaname = 'public' and tablename = 'sessions'");
    expect(indexes.rows.map((r: { indexdef: string }) => r.indexdef).join('\n')).toMatch(/\(user_id\)/);
  });

  test('secure configuration: __Host- cookie, Secure even behind plain http, HSTS', async () => {
    const secure = await createNotesService(database.url, 'notes', { session: { idleMs: 3_600_000, lifetimeMs: 3_600_000, secure: true } });
    try {
      const user = randomUser();
      const login = await request(secure.app.callback()).post('/api/test-login').send(user);
      expect(login.status).toBe(200);
      const cookies = cookiesOf(login);
      const session = cookies.find((c) => c.startsWith(`__Host-${SESSION_COOKIE}=`)) ?? '';
      expect(session).toMatch(/;\s*secure/i);
      expect(session).toMatch(/path=\//i);
      expect(session).not.toMatch(/domain=/i);
      expect(login.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const me = await request(secure.app.callback()).get('/api/me').set('Cookie', cookieHeader(login));
      expect(me.status).toBe(200);
      expect(me.body).toEqual(user);
      // The plain name means nothing to a secure deployment.
      expect(
        (
          await request(secure.app.callback())
            .get('/api/me')
            .set('Cookie', cookieHeader(login).replace(/__Host-/g, ''))
        ).status,
      ).toBe(401);
      expect((await request(first.app.callback()).get('/api/me')).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await secure.close();
    }
  });
});
