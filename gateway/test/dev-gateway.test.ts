import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startDevGateway } from '../src/dev-gateway';
import { STATIC_SECURITY_HEADERS, remotesManifest } from '../src/routes';

let root: string;
let server: http.Server;
let url: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'dev-gateway-test-'));
  await mkdir(path.join(root, 'shell'), { recursive: true });
  await mkdir(path.join(root, 'mfe-broker', 'dist'), { recursive: true });
  await writeFile(path.join(root, 'shell', 'index.html'), '<!doctype html><title>Corretora CRM</title>');
  await writeFile(path.join(root, 'shell', 'main.0123abcd.js'), 'console.log("hashed")');
  await writeFile(path.join(root, 'mfe-broker', 'dist', 'remoteEntry.js'), 'var remote = 1;');
  // No service is listening on these: only the static side and the routing decisions are under test.
  const nowhere = 'http://127.0.0.1:9';
  server = await startDevGateway({
    port: 0,
    upstreams: { identity: nowhere, broker: nowhere, catalogues: nowhere },
    shellDir: path.join(root, 'shell'),
    remotesDir: root,
    remoteDistSubdir: 'dist',
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
});

describe('dev gateway (npm start)', () => {
  test('serves the shell for client-side routes, hashed bundles for a year, remotes from their dist', async () => {
    const deepLink = await fetch(`${url}/settings?tab=insurers`);
    expect(await deepLink.text()).toContain('Corretora CRM');
    expect(deepLink.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${url}/main.0123abcd.js`)).headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${url}/remotes/mfe-broker/remoteEntry.js`)).status).toBe(200);
    expect(await (await fetch(`${url}/remotes.json`)).json()).toEqual(remotesManifest());
  });

  test.each(['/', '/broker', '/main.0123abcd.js', '/remotes/mfe-broker/remoteEntry.js'])('%s carries the security headers', async (pathname) => {
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
    const down = await fetch(`${url}/api/auth/user`);
    expect(down.status).toBe(502);
    expect(await down.json()).toEqual({ message: 'Serviço indisponível. Tente novamente.' });
  });
});
