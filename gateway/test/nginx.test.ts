import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Service } from '@corretora/service-kit';
import { createTestDatabase, portForAChild, testConfig } from '@corretora/service-kit/testing';
import { createBrokerService } from '../../services/broker/src/app';
import { createIdentityService } from '../../services/identity/src/app';
import { REMOTE, liveRemote } from './remote-fixture';
import {
  API_ROUTES,
  SERVICE_NAMES,
  fallbackLocation,
  startNginx,
  STATIC_SECURITY_HEADERS,
  type RunningNginx,
  type ServiceName,
} from '@corretora/gateway-kit';

/** Answers with its own name and what it received, so a test can see where nginx sent a request. */
function echoServer(name: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    let size = 0;
    req.on('data', (chunk: Buffer) => (size += chunk.length));
    req.on('end', () => {
      // A service handing the request on to its route's second service (the test says which and where).
      if (req.headers['x-test-hand-on-from'] === name) {
        res.writeHead(404, { 'Content-Type': 'application/json', 'X-Accel-Redirect': String(req.headers['x-test-hand-on-to']) });
        return res.end('{"message":"Não está aqui."}');
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ service: name, method: req.method, url: req.url, headers: req.headers, size }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const portOf = (server: http.Server) => (server.address() as AddressInfo).port;

async function nginxFor(
  root: string,
  name: string,
  upstreams: Record<ServiceName, string>,
  extra: { https?: boolean; trustedProxies?: string[]; statusListen?: string } = {},
): Promise<RunningNginx> {
  return startNginx({
    ...extra,
    listen: await portForAChild(),
    upstreams,
    shellDir: path.join(root, 'shell'),
    remoteStoreDir: path.join(root, 'store'),
    prefixDir: path.join(root, name),
    accessLog: 'off',
    remoteErrorLog: path.join(root, `${name}-remote-errors.log`),
  });
}

let root: string;
const echoes: http.Server[] = [];
let routing: RunningNginx;
let version: string;

beforeAll(async () => {
  // Without nginx this suite fails: the gateway is only proven by the real thing.
  root = await mkdtemp(path.join(os.tmpdir(), 'gateway-test-'));
  // nginx workers run as nobody: the static folders must be world-readable.
  await chmod(root, 0o755);
  await mkdir(path.join(root, 'shell', 'assets'), { recursive: true });
  await writeFile(path.join(root, 'shell', 'index.html'), '<!doctype html><title>Corretora CRM</title>');
  await writeFile(path.join(root, 'shell', 'main.0123abcd.js'), 'console.log("hashed")');
  version = await liveRemote(path.join(root, 'store'), path.join(root, 'build'));
  for (const dir of ['shell', 'shell/assets', 'store', `store/${REMOTE}`, `store/${REMOTE}/${version}`])
    await chmod(path.join(root, dir), 0o755);

  const upstreams = {} as Record<ServiceName, string>;
  for (const name of SERVICE_NAMES) {
    const server = await echoServer(name);
    echoes.push(server);
    upstreams[name] = `127.0.0.1:${portOf(server)}`;
  }
  routing = await nginxFor(root, 'routing', upstreams);
});

afterAll(async () => {
  await routing?.stop();
  await Promise.all(echoes.map((server) => new Promise((resolve) => server.close(resolve))));
  if (root) await rm(root, { recursive: true, force: true });
});

describe('nginx generated from the route table', () => {
  test.each(
    API_ROUTES.flatMap(({ prefix, service }) => [
      [prefix, service],
      [`${prefix}/sub/path?x=1`, service],
    ]),
  )('%s reaches %s with the forwarding headers', async (pathname, service) => {
    const response = await fetch(`${routing.url}${pathname}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.service).toBe(service);
    expect(body.url).toBe(pathname);
    expect(body.headers['x-forwarded-proto']).toBe('http');
    expect(body.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(body.headers['x-forwarded-host']).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(response.headers.get('x-request-id')).toBe(body.headers['x-request-id']);
  });

  test.each(['/api/authx', '/api/broker-profilefoo', '/api/unknown', '/internal/catalogues/check'])(
    '%s is not routed (JSON 404)',
    async (pathname) => {
      const response = await fetch(`${routing.url}${pathname}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Rota não encontrada.' });
    },
  );

  test.each(API_ROUTES.filter((route) => route.fallback).map(({ prefix, service, fallback }) => [prefix, service, fallback!]))(
    '%s: what %s hands on reaches %s, method and body as they came, and only that',
    async (prefix, service, fallback) => {
      const body = 'x'.repeat(300 * 1024);
      const handedOn = await fetch(`${routing.url}${prefix}/7/mapping?x=1`, {
        method: 'PUT',
        headers: { 'x-test-hand-on-from': service, 'x-test-hand-on-to': fallbackLocation(fallback) },
        body,
      });
      expect(handedOn.status).toBe(200);
      expect(handedOn.headers.get('x-accel-redirect')).toBeNull();
      expect(await handedOn.json()).toMatchObject({ service: fallback, method: 'PUT', url: `${prefix}/7/mapping?x=1`, size: body.length });
      const kept = await fetch(`${routing.url}${prefix}/7`, { method: 'POST', body: '{}' });
      expect(await kept.json()).toMatchObject({ service, method: 'POST' });
      // A client cannot reach the named location itself (the path is the shell's, like any other page).
      expect(await (await fetch(`${routing.url}/${fallbackLocation(fallback)}`)).text()).not.toContain(`"service":"${fallback}"`);
    },
  );

  test('static shell with SPA fallback and cache headers', async () => {
    const deepLink = await fetch(`${routing.url}/broker`);
    expect(deepLink.status).toBe(200);
    expect(await deepLink.text()).toContain('Corretora CRM');
    expect(deepLink.headers.get('cache-control')).toBe('no-cache');
    const hashed = await fetch(`${routing.url}/main.0123abcd.js`);
    expect(hashed.headers.get('cache-control')).toContain('immutable');
    const live = await fetch(`${routing.url}/remotes.json`);
    expect(live.headers.get('cache-control')).toBe('no-cache');
    expect(await live.json()).toEqual({ [REMOTE]: `/remotes/${REMOTE}/${version}/remoteEntry.js` });
    // Never a 304: a pointer moved twice within a second keeps its size and its second.
    expect(live.headers.get('etag')).toBeNull();
    const asked = await fetch(`${routing.url}/remotes.json`, {
      headers: { 'If-None-Match': '*', 'If-Modified-Since': live.headers.get('last-modified') ?? new Date().toUTCString() },
    });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ [REMOTE]: `/remotes/${REMOTE}/${version}/remoteEntry.js` });
    const entry = await fetch(`${routing.url}/remotes/${REMOTE}/${version}/remoteEntry.js`);
    expect(await entry.text()).toBe('var remote = 1;');
    expect(entry.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) expect(entry.headers.get(name)).toBe(value);
    // The pointer, a made-up version, a missing file and the build's bookkeeping are not served.
    for (const hidden of [
      `${REMOTE}/live.json`,
      `${REMOTE}/1.0.0-00000000/remoteEntry.js`,
      `${REMOTE}/${version}/missing.js`,
      `${REMOTE}/${version}/.build-stamp`,
    ]) {
      expect((await fetch(`${routing.url}/remotes/${hidden}`)).status).toBe(404);
    }
  });

  test("nginx's counters answer on the status port only", async () => {
    const port = await portForAChild();
    const withStatus = await nginxFor(
      root,
      'status',
      Object.fromEntries(SERVICE_NAMES.map((name) => [name, '127.0.0.1:9'])) as Record<ServiceName, string>,
      {
        statusListen: `127.0.0.1:${port}`,
      },
    );
    try {
      const status = await fetch(`http://127.0.0.1:${port}/nginx_status`);
      expect(await status.text()).toMatch(/^Active connections: \d+/);
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
      expect(await (await fetch(`${withStatus.url}/nginx_status`)).text()).not.toContain('Active connections');
    } finally {
      await withStatus.stop();
    }
  });

  test('/healthz answers from nginx itself, for the container healthcheck', async () => {
    const health = await fetch(`${routing.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.text()).toBe('ok');
  });

  test('a remote the shell isolated is logged from its report (POST only), as one JSON line', async () => {
    const query = new URLSearchParams({ remote: REMOTE, version, error: 'does not satisfy "^2.0.0"' });
    expect((await fetch(`${routing.url}/remote-errors?${query}`, { method: 'POST' })).status).toBe(204);
    expect((await fetch(`${routing.url}/remote-errors?${query}`)).status).toBe(403);
    const lines = (await readFile(path.join(root, 'routing-remote-errors.log'), 'utf8'))
      .trim()
      .split('\n')
      .filter((line) => line.includes(version));
    // A client flooding the log is cut off (10 at once, then 30 a minute).
    const flood = await Promise.all(Array.from({ length: 30 }, () => fetch(`${routing.url}/remote-errors?remote=x`, { method: 'POST' })));
    expect(flood.filter((answer) => answer.status === 429).length).toBeGreaterThan(0);
    const decoded = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));
    expect(
      lines.map((line) => JSON.parse(line) as Record<string, string>).map((entry) => ({ ...entry, error: decoded(entry.error!) })),
    ).toEqual([expect.objectContaining({ event: 'remote isolated', remote: REMOTE, version, error: 'does not satisfy "^2.0.0"' })]);
  });

  test.each(['/', '/broker', '/main.0123abcd.js', '/remotes.json'])('%s carries the security headers', async (pathname) => {
    const response = await fetch(`${routing.url}${pathname}`);
    expect(response.status).toBe(200);
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) expect(response.headers.get(name)).toBe(value);
  });
});

/** Sends the bytes as they are (no client normalising the target) and returns the raw answer. */
function raw(url: string, request: string): Promise<string> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    // write, not end: nginx takes a half-closed client for one that left (499) before proxying.
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('nginx: what an attacker sends', () => {
  test.each([
    ['GET //127.0.0.1:9/api/auth/x.html HTTP/1.1'],
    ['GET /internal/catalogues/a%2F..%2F..%2F..%2Fapi%2Finsurers%2Fx/check HTTP/1.1'],
    ['GET /api/insurers/..%2F..%2Finternal/x HTTP/1.1'],
    ['GET /api/insurers/../../internal/catalogues/x/check HTTP/1.1'],
    ['GET /api/products/%5c..%5cx HTTP/1.1'],
    ['PATCH /api/insurers/%00 HTTP/1.1'],
    ['GET /x%00 HTTP/1.1'],
  ])('%s is a JSON 400 and reaches no service', async (line) => {
    const answer = await raw(routing.url, `${line}\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('{"message":"Requisição inválida."}');
    expect(answer).not.toContain('"service"');
  });

  test("an absolute-form target reaches only the route's own upstream, with the path alone", async () => {
    const answer = await raw(routing.url, 'GET http://127.0.0.1:9/api/auth/user HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"service":"identity"');
    expect(answer).toContain('"url":"/api/auth/user"');
  });

  test('the client address is the one nginx saw: a spoofed X-Forwarded-For and an internal token never pass', async () => {
    const response = await fetch(`${routing.url}/api/auth/user`, {
      headers: { 'x-forwarded-for': '6.6.6.6, 7.7.7.7', 'x-internal-token': 'guess', 'x-forwarded-proto': 'https' },
    });
    const body = await response.json();
    expect(body.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(body.headers['x-forwarded-proto']).toBe('http');
    expect(body.headers['x-internal-token']).toBeUndefined();
  });

  test('bodies: JSON routes take 128 KiB, the photo route 3 MiB; beyond is a JSON 413', async () => {
    const json = await fetch(`${routing.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(200 * 1024),
    });
    expect(json.status).toBe(413);
    expect(await json.json()).toEqual({ message: 'Requisição muito grande.' });
    const photo = await fetch(`${routing.url}/api/broker-profile/photo`, { method: 'POST', body: Buffer.alloc(2_500_000) });
    expect(photo.status).toBe(200);
    expect((await photo.json()).size).toBe(2_500_000);
    const profile = await fetch(`${routing.url}/api/broker-profile`, { method: 'PUT', body: Buffer.alloc(2_500_000) });
    expect(profile.status).toBe(413);
  });

  test('the reset page sends no Referer; the rest same-origin', async () => {
    expect((await fetch(`${routing.url}/reset-password`)).headers.get('referrer-policy')).toBe('no-referrer');
    expect((await fetch(`${routing.url}/login`)).headers.get('referrer-policy')).toBe('same-origin');
    expect((await fetch(`${routing.url}/login`)).headers.get('strict-transport-security')).toBeNull();
  });

  test('behind a trusted TLS load balancer: its X-Forwarded-For is believed, https forwarded, HSTS sent', async () => {
    const upstreams = Object.fromEntries(SERVICE_NAMES.map((name, index) => [name, `127.0.0.1:${portOf(echoes[index]!)}`])) as Record<
      ServiceName,
      string
    >;
    const behindLb = await nginxFor(root, 'behind-lb', upstreams, { https: true, trustedProxies: ['127.0.0.1/32'] });
    try {
      const body = await (await fetch(`${behindLb.url}/api/auth/user`, { headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' } })).json();
      // real_ip_recursive: the rightmost address that is not a trusted proxy.
      expect(body.headers['x-forwarded-for']).toBe('203.0.113.9');
      expect(body.headers['x-forwarded-proto']).toBe('https');
      expect((await fetch(`${behindLb.url}/login`)).headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    } finally {
      await behindLb.stop();
    }
  });

  test('a service that is down is a pt-BR JSON 502', async () => {
    const upstreams = Object.fromEntries(SERVICE_NAMES.map((name) => [name, '127.0.0.1:9'])) as Record<ServiceName, string>;
    const down = await nginxFor(root, 'down', upstreams);
    try {
      const response = await fetch(`${down.url}/api/auth/user`);
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ message: 'Serviço indisponível. Tente novamente.' });
    } finally {
      await down.stop();
    }
  });
});

describe('one session across services through nginx', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let identity: Service;
  let broker: Service;
  let gateway: RunningNginx;
  let outbox: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    outbox = path.join(root, 'outbox');
    identity = await createIdentityService({
      ...testConfig('identity', database.url),
      appUrl: 'http://x',
      smtpUrl: null,
      mailFrom: 'x',
      outboxDir: outbox,
      registerLimitPerHour: 20,
      brokerUrl: null,
      pipelineUrl: null,
      financeUrl: null,
    });
    broker = await createBrokerService({ ...testConfig('broker', database.url), cataloguesUrl: null, pipelineUrl: null, financeUrl: null });
    const { server: identityServer } = await identity.listen(0);
    const { server: brokerServer } = await broker.listen(0);
    gateway = await nginxFor(root, 'session', {
      identity: `127.0.0.1:${portOf(identityServer)}`,
      broker: `127.0.0.1:${portOf(brokerServer)}`,
      catalogues: `127.0.0.1:${portOf(echoes[2]!)}`,
      pipeline: '127.0.0.1:9',
      finance: '127.0.0.1:9',
      portal: '127.0.0.1:9',
    });
  });

  afterAll(async () => {
    await gateway?.stop();
    await identity?.close();
    await broker?.close();
    await database?.drop();
  });

  test('login on identity is accepted by broker; logout ends it for both', async () => {
    const email = `gateway-${Date.now()}@corretora.test`;
    const registered = await fetch(`${gateway.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: gateway.url },
      body: JSON.stringify({ name: 'Ana', email, password: 'senha-segura-1' }),
    });
    expect(registered.status).toBe(201);
    const cookie = registered.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    const profile = await fetch(`${gateway.url}/api/broker-profile`, { headers: { cookie } });
    expect(profile.status).toBe(200);
    expect(await profile.json()).toBeNull();

    const foreign = await fetch(`${gateway.url}/api/broker-profile/restart`, {
      method: 'POST',
      headers: { cookie, origin: 'http://evil.test' },
    });
    expect(foreign.status).toBe(403);

    const logout = await fetch(`${gateway.url}/api/auth/logout`, { method: 'POST', headers: { cookie, origin: gateway.url } });
    expect(logout.status).toBe(204);
    expect((await fetch(`${gateway.url}/api/broker-profile`, { headers: { cookie } })).status).toBe(401);
    expect((await fetch(`${gateway.url}/api/auth/user`, { headers: { cookie } })).status).toBe(401);
  });

  test('login limits hold through nginx: a new X-Forwarded-For on each try, or a 250-character one, changes nothing', async () => {
    const email = `limits-${Date.now()}@corretora.test`;
    const registered = await fetch(`${gateway.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ana', email, password: 'senha-segura-1' }),
    });
    expect(registered.status).toBe(201);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const spoofed = attempt % 2 === 0 ? `10.0.0.${attempt}` : 'b'.repeat(250);
      const response = await fetch(`${gateway.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': spoofed },
        body: JSON.stringify({ email, password: 'senha-errada-1' }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const right = await fetch(`${gateway.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9' },
      body: JSON.stringify({ email, password: 'senha-segura-1' }),
    });
    expect(right.status).toBe(429);
  });
});
