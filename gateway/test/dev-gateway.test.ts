import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { REMOTE, liveRemote } from './remote-fixture';
import {
  API_ROUTES,
  SERVICE_NAMES,
  fallbackLocation,
  startDevGateway,
  STATIC_SECURITY_HEADERS,
  type ServiceName,
} from '@corretora/gateway-kit';

let root: string;
let server: http.Server;
let url: string;
let port: number;
let version: string;
const remoteErrors: Record<string, string>[] = [];
/** The upstream of /api/auth: answers with what it received. */
let echo: http.Server;
/** Where an open proxy would send a request: must never be reached. */
let victim: http.Server;
/** The two services of the route with a fallback. */
let first: http.Server;
let second: http.Server;
const victimHits: string[] = [];

function listen(handler: http.RequestListener): Promise<http.Server> {
  const created = http.createServer(handler);
  return new Promise((resolve) => created.listen(0, '127.0.0.1', () => resolve(created)));
}

/** Sends bytes as they are (no client normalising the target) and returns the raw answer. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'dev-gateway-test-'));
  await mkdir(path.join(root, 'shell'), { recursive: true });
  await writeFile(path.join(root, 'shell', 'index.html'), '<!doctype html><title>Corretora CRM</title>');
  await writeFile(path.join(root, 'shell', 'main.0123abcd.js'), 'console.log("hashed")');
  version = await liveRemote(path.join(root, 'store'), path.join(root, 'build'));
  // No service is listening on these: only the static side and the routing decisions are under test.
  const nowhere = 'http://127.0.0.1:9';
  echo = await listen((req, res) => {
    let size = 0;
    req.on('data', (chunk: Buffer) => (size += chunk.length));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ url: req.url, headers: req.headers, size }));
    });
  });
  // The route with a second service (/api/imports): the first hands on what the test asks it to.
  const importsRoute = API_ROUTES.find((route) => route.fallback)!;
  const owner = (name: string) =>
    listen((req, res) => {
      let size = 0;
      req.on('data', (chunk: Buffer) => (size += chunk.length));
      req.on('end', () => {
        if (name === importsRoute.service && req.headers['x-test-hand-on']) {
          res.writeHead(404, { 'content-type': 'application/json', 'x-accel-redirect': String(req.headers['x-test-hand-on']) });
          return res.end('{"message":"Não está aqui."}');
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ service: name, method: req.method, url: req.url, size }));
      });
    });
  first = await owner(importsRoute.service);
  second = await owner(importsRoute.fallback!);
  victim = await listen((req, res) => {
    victimHits.push(String(req.url));
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<script>alert(document.cookie)</script>');
  });
  server = await startDevGateway({
    port: 0,
    upstreams: {
      ...Object.fromEntries(SERVICE_NAMES.map((name) => [name, nowhere])),
      identity: `http://127.0.0.1:${(echo.address() as AddressInfo).port}`,
      [importsRoute.service]: `http://127.0.0.1:${(first.address() as AddressInfo).port}`,
      [importsRoute.fallback!]: `http://127.0.0.1:${(second.address() as AddressInfo).port}`,
    } as Record<ServiceName, string>,
    shellDir: path.join(root, 'shell'),
    remoteStoreDir: path.join(root, 'store'),
    onRemoteError: (report) => remoteErrors.push(report),
  });
  port = (server.address() as AddressInfo).port;
  url = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => echo.close(resolve));
  await new Promise((resolve) => victim.close(resolve));
  await Promise.all([first, second].map((owner) => new Promise((resolve) => owner.close(resolve))));
  await rm(root, { recursive: true, force: true });
});

describe('dev gateway (npm start)', () => {
  test('serves the shell for client-side routes, hashed bundles for a year, the live remotes from the store', async () => {
    const deepLink = await fetch(`${url}/settings?tab=insurers`);
    expect(await deepLink.text()).toContain('Corretora CRM');
    expect(deepLink.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${url}/main.0123abcd.js`)).headers.get('cache-control')).toContain('immutable');
    const live = await fetch(`${url}/remotes.json`);
    expect(live.headers.get('cache-control')).toBe('no-cache');
    expect(await live.json()).toEqual({ [REMOTE]: `/remotes/${REMOTE}/${version}/remoteEntry.js` });
    const entry = await fetch(`${url}/remotes/${REMOTE}/${version}/remoteEntry.js`);
    expect(await entry.text()).toBe('var remote = 1;');
    expect(entry.headers.get('cache-control')).toContain('immutable');
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) expect(entry.headers.get(name)).toBe(value);
    // The pointer, a made-up version and the build's bookkeeping are not served.
    for (const hidden of [
      `${REMOTE}/live.json`,
      `${REMOTE}/1.0.0-00000000/remoteEntry.js`,
      `${REMOTE}/${version}/.build-stamp`,
      'remotes.json',
    ]) {
      expect((await fetch(`${url}/remotes/${hidden}`)).status).toBe(404);
    }
  });

  test('a remote the shell isolated is logged from its report (POST only), clipped', async () => {
    const error = `Version 1.1.0 of shared singleton module @corretora/web-kit does not satisfy ^2.0.0 ${'x'.repeat(500)}`;
    const query = new URLSearchParams({ remote: REMOTE, version, error });
    expect((await fetch(`${url}/remote-errors?${query}`, { method: 'POST' })).status).toBe(204);
    expect(remoteErrors).toEqual([
      expect.objectContaining({ event: 'remote isolated', remote: REMOTE, version, error: error.slice(0, 300) }),
    ]);
    expect((await fetch(`${url}/remote-errors?${query}`)).status).not.toBe(204);
    expect(remoteErrors).toHaveLength(1);
  });

  test.each(['PUT', 'POST', 'DELETE', 'PATCH'])(
    '%s on a static file is a 405, as nginx answers it; the file is not sent',
    async (method) => {
      for (const pathname of ['/', '/main.0123abcd.js', '/remotes.json', `/remotes/${REMOTE}/${version}/remoteEntry.js`]) {
        const response = await fetch(`${url}${pathname}`, { method, body: method === 'DELETE' ? undefined : 'x' });
        expect(response.status).toBe(405);
        expect(response.headers.get('allow')).toBe('GET, HEAD');
        expect(await response.json()).toEqual({ message: 'Método não permitido.' });
      }
    },
  );

  test.each(['/', '/broker', '/main.0123abcd.js', '/remotes.json'])('%s carries the security headers', async (pathname) => {
    const response = await fetch(`${url}${pathname}`);
    expect(response.status).toBe(200);
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) expect(response.headers.get(name)).toBe(value);
  });

  test('unknown API paths and /internal are JSON 404s; a service that is down is a pt-BR 502', async () => {
    for (const pathname of ['/api/authx', '/internal/catalogues/x']) {
      const response = await fetch(`${url}${pathname}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Rota não encontrada.' });
    }
    const down = await fetch(`${url}/api/broker-profile`);
    expect(down.status).toBe(502);
    expect(await down.json()).toEqual({ message: 'Serviço indisponível. Tente novamente.' });
  });
});

describe('dev gateway: what an attacker sends', () => {
  const victimTarget = () => `127.0.0.1:${(victim.address() as AddressInfo).port}`;

  test.each([
    [
      'a "//host" path',
      () => `GET //${victimTarget()}/api/auth/x.html HTTP/1.1\r\nHost: localhost\r\nCookie: corretora.sid=secret\r\n\r\n`,
    ],
    [
      'the absolute form',
      () => `GET http://${victimTarget()}/api/auth/x.html HTTP/1.1\r\nHost: localhost\r\nCookie: corretora.sid=secret\r\n\r\n`,
    ],
    ['an https absolute target', () => 'GET https://example.invalid/api/auth/user HTTP/1.1\r\nHost: localhost\r\n\r\n'],
    [
      'an encoded /internal path',
      () => 'GET /internal/catalogues/a%2F..%2F..%2F..%2Fapi%2Finsurers%2Fx/check HTTP/1.1\r\nHost: localhost\r\n\r\n',
    ],
    ['dot segments', () => 'GET /api/auth/../../internal/x HTTP/1.1\r\nHost: localhost\r\n\r\n'],
  ])('%s is a 400, reaches no other host, and the gateway keeps answering', async (_name, request) => {
    const answer = await raw(request());
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('{"message":"Requisição inválida."}');
    expect(victimHits).toEqual([]);
    expect((await fetch(`${url}/api/auth/user`)).status).toBe(200);
  });

  test('a malformed request line is a 400 and the gateway keeps answering', async () => {
    expect(await raw('GET /a b c\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 /);
    expect((await fetch(`${url}/remotes.json`)).status).toBe(200);
  });

  test('forwarding headers come from the gateway, never from the client', async () => {
    const response = await fetch(`${url}/api/auth/user?x=1`, {
      headers: {
        'x-forwarded-for': '6.6.6.6',
        'x-forwarded-proto': 'https',
        'x-internal-token': 'guess',
        forwarded: 'for=6.6.6.6',
        'x-real-ip': '6.6.6.6',
      },
    });
    const body = await response.json();
    expect(body.url).toBe('/api/auth/user?x=1');
    expect(body.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(body.headers['x-forwarded-proto']).toBe('http');
    expect(body.headers['x-internal-token']).toBeUndefined();
    expect(body.headers.forwarded).toBeUndefined();
    expect(body.headers['x-real-ip']).toBeUndefined();
  });

  test('bodies over the route limit are a 413, declared or streamed', async () => {
    const big = 'x'.repeat(200 * 1024);
    const declared = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ message: 'Requisição muito grande.' });
    const streamed = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 50; i += 1) controller.enqueue(new TextEncoder().encode('y'.repeat(8 * 1024)));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    const small = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect((await small.json()).size).toBe(7);
  });

  test('a request the first service hands on goes again, method and body, to the second; any other hand-on is dropped', async () => {
    const route = API_ROUTES.find((entry) => entry.fallback)!;
    const body = 'z'.repeat(300 * 1024);
    const handedOn = await fetch(`${url}${route.prefix}/7/mapping`, {
      method: 'PUT',
      headers: { 'x-test-hand-on': fallbackLocation(route.fallback!) },
      body,
    });
    expect(handedOn.status).toBe(200);
    expect(handedOn.headers.get('x-accel-redirect')).toBeNull();
    expect(await handedOn.json()).toEqual({ service: route.fallback, method: 'PUT', url: `${route.prefix}/7/mapping`, size: body.length });
    // A location that is not the route's second service is not followed: the first's answer stands, without the header.
    const elsewhere = await fetch(`${url}${route.prefix}/7`, { headers: { 'x-test-hand-on': '@hand-on-identity' } });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.headers.get('x-accel-redirect')).toBeNull();
    const kept = await fetch(`${url}${route.prefix}`, { method: 'POST', body: 'a' });
    expect(await kept.json()).toEqual({ service: route.service, method: 'POST', url: route.prefix, size: 1 });
  });

  test('bundles and pages are served gzipped to clients that accept it, like nginx does', async () => {
    const answer = await new Promise<http.IncomingMessage & { body: Buffer }>((resolve, reject) => {
      http
        .get(`${url}/main.0123abcd.js`, { headers: { 'accept-encoding': 'gzip, br' } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve(Object.assign(response, { body: Buffer.concat(chunks) })));
        })
        .on('error', reject);
    });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(answer.body).toString()).toBe('console.log("hashed")');
    const plain = await new Promise<http.IncomingMessage>((resolve) => http.get(`${url}/main.0123abcd.js`, resolve));
    expect(plain.headers['content-encoding']).toBeUndefined();
    plain.resume();
  });

  test('the reset page sends no Referer', async () => {
    expect((await fetch(`${url}/reset-password`)).headers.get('referrer-policy')).toBe('no-referrer');
    expect((await fetch(`${url}/login`)).headers.get('referrer-policy')).toBe('same-origin');
  });
});
