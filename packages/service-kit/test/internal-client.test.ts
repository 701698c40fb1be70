import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInternalClient } from '../src';

/** A replica that answers, one that takes the request and dies (drops the socket), one that is gone. */
let answering: http.Server;
let dying: http.Server;
let gone: string;
const received: { server: string; method: string }[] = [];

const url = (server: http.Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const listen = (handler: http.RequestListener) =>
  new Promise<http.Server>((resolve) => {
    const server = http.createServer(handler);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });

beforeAll(async () => {
  answering = await listen((req, res) => {
    received.push({ server: 'answering', method: req.method! });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ ok: true }));
  });
  dying = await listen((req) => {
    received.push({ server: 'dying', method: req.method! });
    req.socket.destroy();
  });
  const closed = await listen(() => undefined);
  gone = url(closed);
  await new Promise((resolve) => closed.close(resolve));
});

afterAll(async () => {
  await new Promise((resolve) => answering.close(resolve));
  await new Promise((resolve) => dying.close(resolve));
});

beforeEach(() => received.splice(0));

test('a call that finds a replica gone (connection refused) goes to the next one, a write included', async () => {
  const client = createInternalClient(`${gone},${url(answering)}`, 'token');
  for (let index = 0; index < 4; index++) {
    await expect(client.get('/internal/x')).resolves.toEqual({ ok: true });
    await expect(client.post('/internal/x', { a: 1 })).resolves.toEqual({ ok: true });
  }
  expect(received.every((entry) => entry.server === 'answering')).toBe(true);
});

test('a read whose replica died while answering is asked again elsewhere; a write is not sent twice', async () => {
  const client = createInternalClient(`${url(dying)},${url(answering)}`, 'token');
  await expect(client.get('/internal/x')).resolves.toEqual({ ok: true }); // dying first, then answering
  await expect(client.get('/internal/x')).resolves.toEqual({ ok: true }); // answering's turn
  expect(received.map((entry) => entry.server)).toEqual(['dying', 'answering', 'answering']);
  received.splice(0);
  const outcomes = await Promise.allSettled([client.post('/internal/x', {}), client.post('/internal/x', {})]);
  // One of the two goes to the dying replica first and fails with a clean 502: never retried.
  expect(
    outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => (outcome as PromiseRejectedResult).reason.status),
  ).toEqual([502]);
  expect(received.filter((entry) => entry.method === 'POST').length).toBe(2);
});

test('one replica is one URL, as before', async () => {
  await expect(createInternalClient(url(answering), 'token').get('/internal/x')).resolves.toEqual({ ok: true });
  await expect(createInternalClient(gone, 'token').get('/internal/x')).rejects.toMatchObject({ status: 502 });
});
