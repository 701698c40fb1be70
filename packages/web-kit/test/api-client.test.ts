import { BROKER_OPERATIONS } from '@corretora/contracts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, apiErrorMessage, apiRequest } from '../src/api/api-client';
import { QUERY_KEYS, createQueryClient } from '../src/api/query-client';
import { fetchCurrentUser } from '../src/session/current-user';
import { operationKey } from '../src/api/operations';

let server: http.Server;
let base: string;
const received: { method?: string; contentType?: string; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method, contentType: req.headers['content-type'], body });
      const routes: Record<string, [number, string, string?]> = {
        '/ok': [200, '{"id":1}', 'application/json'],
        '/empty': [204, ''],
        '/invalid': [400, '{"message":"Dados inválidos.","issues":[{"path":"name","message":"Nome é obrigatório"}]}', 'application/json'],
        '/plain': [502, 'Bad Gateway from upstream', 'text/plain'],
        '/bare': [503, ''],
        '/api/auth/user': [401, '{"message":"Não autenticado."}', 'application/json'],
      };
      const [status, text, type] = routes[req.url ?? ''] ?? [404, ''];
      res.writeHead(status, type ? { 'Content-Type': type } : {});
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

test('JSON in and out', async () => {
  expect(await apiRequest('POST', '/ok', { name: 'Ana' }, base)).toEqual({ id: 1 });
  expect(received.at(-1)).toMatchObject({ method: 'POST', contentType: 'application/json', body: '{"name":"Ana"}' });
  expect(await apiRequest('DELETE', '/empty', undefined, base)).toBeUndefined();
});

test.each([
  ['/invalid', 400, '400: {"message":"Dados inválidos.","issues":[{"path":"name","message":"Nome é obrigatório"}]}'],
  ['/plain', 502, '502: Bad Gateway from upstream'],
  ['/bare', 503, '503: Service Unavailable'],
])('a failed call to %s is an error whose message is "status: body"', async (path, status, message) => {
  const error = await apiRequest('GET', path, undefined, base).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(status);
  expect((error as ApiError).message).toBe(message);
});

test('the server message is preferred, the fallback covers the rest', async () => {
  const invalid = await apiRequest('GET', '/invalid', undefined, base).catch((e: unknown) => e);
  expect(apiErrorMessage(invalid, 'Falhou')).toBe('Dados inválidos.');
  expect((invalid as ApiError).body?.issues).toEqual([{ path: 'name', message: 'Nome é obrigatório' }]);
  const plain = await apiRequest('GET', '/plain', undefined, base).catch((e: unknown) => e);
  expect(apiErrorMessage(plain, 'Falhou')).toBe('Falhou');
  expect(apiErrorMessage(new Error('x'), 'Falhou')).toBe('Falhou');
});

test('401 on the user fetch means signed out, not an error', async () => {
  const realFetch = globalThis.fetch;
  // fetchCurrentUser calls a relative path as the browser does; point it at the test server.
  globalThis.fetch = ((input: string, init?: RequestInit) => realFetch(`${base}${input}`, init)) as typeof fetch;
  try {
    expect(await fetchCurrentUser()).toBeNull();
  } finally {
    globalThis.fetch = realFetch;
  }
});

describe('a session that ends while the app is open', () => {
  const user = { id: 'u1', name: 'Ana', email: 'ana@corretora.test' };

  test('a 401 from any call signs the broker out and drops their cached data', async () => {
    const client = createQueryClient();
    client.setQueryData(QUERY_KEYS.currentUser, user);
    client.setQueryData(operationKey(BROKER_OPERATIONS.profile), { name: 'Ana' });
    await expect(
      client.query({ queryKey: ['catalogue', 'products'], queryFn: () => apiRequest('GET', '/api/auth/user', undefined, base) }),
    ).rejects.toThrow(ApiError);
    expect(client.getQueryData(QUERY_KEYS.currentUser)).toBeNull();
    expect(client.getQueryData(operationKey(BROKER_OPERATIONS.profile))).toBeUndefined();
  });

  test('the same from a mutation; other failures leave the session alone', async () => {
    const client = createQueryClient();
    client.setQueryData(QUERY_KEYS.currentUser, user);
    const failing = (path: string) =>
      client
        .getMutationCache()
        .build(client, { mutationFn: () => apiRequest('POST', path, {}, base) })
        .execute(undefined);
    await expect(failing('/invalid')).rejects.toThrow(ApiError);
    expect(client.getQueryData(QUERY_KEYS.currentUser)).toEqual(user);
    await expect(failing('/api/auth/user')).rejects.toThrow(ApiError);
    expect(client.getQueryData(QUERY_KEYS.currentUser)).toBeNull();
  });
});
