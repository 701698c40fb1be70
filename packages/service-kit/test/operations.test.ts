import request from 'supertest';
import type { Service } from '../src';
import Router from '@koa/router';
import { createInternalClient, route } from '../src';
import { TEST_INTERNAL_TOKEN, createTestDatabase, randomUser, sessionCookieFor } from '../src/testing';
import { NOTE_OPERATIONS, createNotesService } from './fixtures/notes-service';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let service: Service;

beforeAll(async () => {
  database = await createTestDatabase();
  service = await createNotesService(database.url);
});

afterAll(async () => {
  await service?.close();
  await database?.drop();
});

const api = () => request(service.app.callback());

describe('route(): a handler registered from its operation', () => {
  test('guard, path id, query and body through their schemas, the status and answer of the operation', async () => {
    const cookie = await sessionCookieFor(service, randomUser());
    expect((await api().post('/api/op/notes').send({ text: 'oi' })).status).toBe(401);
    const created = await api().post('/api/op/notes').set('Cookie', cookie).send({ text: 'oi' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), text: 'oi' });
    const invalid = await api().post('/api/op/notes').set('Cookie', cookie).send({ text: '' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ message: 'Dados inválidos.', issues: [{ path: 'text', message: 'Texto é obrigatório' }] });

    const id = created.body.id as number;
    expect((await api().get(`/api/op/notes/${id}?shout=yes`).set('Cookie', cookie)).body).toEqual({ text: 'OI' });
    // A repeated key counts as its first value; a bad value is a 400 whose message is the problem.
    expect((await api().get(`/api/op/notes/${id}?shout=no&shout=yes`).set('Cookie', cookie)).body).toEqual({ text: 'oi' });
    const badQuery = await api().get(`/api/op/notes/${id}?shout=talvez`).set('Cookie', cookie);
    expect(badQuery.status).toBe(400);
    expect(badQuery.body).toEqual({
      message: 'shout deve ser yes ou no',
      issues: [{ path: 'shout', message: 'shout deve ser yes ou no' }],
    });
    for (const malformed of ['abc', '0', '99999999999', '1.5']) {
      const answer = await api().get(`/api/op/notes/${malformed}`).set('Cookie', cookie);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'Nota não encontrada.' });
    }
    // A null answer is JSON null, not an empty 204.
    const other = await sessionCookieFor(service, randomUser());
    const missing = await api().get(`/api/op/notes/${id}`).set('Cookie', other);
    expect(missing.status).toBe(200);
    expect(missing.text).toBe('null');

    const removed = await api().delete(`/api/op/notes/${id}`).set('Cookie', cookie);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expect((await api().get('/api/op/hello')).body).toEqual({ hello: 'mundo' });
  });

  test('an internal operation lives on the internal listener only, and the internal client calls it typed', async () => {
    const user = randomUser();
    const cookie = await sessionCookieFor(service, user);
    await api().post('/api/op/notes').set('Cookie', cookie).send({ text: 'um' });
    expect((await api().get(`/internal/notes/${user.id}/count`)).status).toBe(404);
    const { internal } = await service.listen(0, 0);
    const port = (internal.address() as { port: number }).port;
    const client = createInternalClient(`http://127.0.0.1:${port}`, TEST_INTERNAL_TOKEN);
    expect(await client.call(NOTE_OPERATIONS.internalCount, { params: { userId: user.id } })).toEqual({ count: 1 });
    await expect(client.call(NOTE_OPERATIONS.internalCount, { params: { userId: 'não-é-uuid' } })).rejects.toMatchObject({ status: 404 });
  });
});

describe('route() refuses an operation on the wrong listener', () => {
  test('an internal operation on the public router (which the token does not guard) and a public one on the internal router throw at start', () => {
    expect(() => route(new Router(), NOTE_OPERATIONS.internalCount, () => ({ count: 0 }))).toThrow(
      'Operation notes.count (internal) is registered on the public router.',
    );
    expect(() => route(new Router({ prefix: '/internal' }), NOTE_OPERATIONS.create, () => ({ id: 1, text: '' }))).toThrow(
      'is registered on the internal router.',
    );
  });
});
