import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  API_ROUTES,
  INTERNAL_PORT_OFFSET,
  REMOTES,
  REMOTE_NAMES,
  SERVICES,
  SERVICE_NAMES,
  UPCOMING_AREAS,
  navigation,
  remoteRoutes,
} from '../src';

const ROOT = path.resolve(__dirname, '../../..');
const workspaces = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;

describe('registry', () => {
  test('API prefixes are unique; a longer prefix is listed before the shorter one it extends', () => {
    const prefixes = API_ROUTES.map((route) => route.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const prefix of prefixes) expect(prefix).toMatch(/^\/api\/[a-z-]+(\/[a-z-]+)*(\.csv)?$/);
    prefixes.forEach((prefix, index) => {
      for (const earlier of prefixes.slice(0, index))
        expect(earlier.startsWith(`${prefix}/`) || !prefix.startsWith(`${earlier}/`)).toBe(true);
    });
  });

  test("a route's fallback is another service of the registry", () => {
    for (const route of API_ROUTES.filter((entry) => entry.fallback !== undefined)) {
      expect(SERVICE_NAMES).toContain(route.fallback);
      expect(route.fallback).not.toBe(route.service);
    }
  });

  test('ports are distinct, and so are their /internal ports (port + 100)', () => {
    const ports = SERVICE_NAMES.flatMap((name) => [SERVICES[name].port, SERVICES[name].port + INTERNAL_PORT_OFFSET]);
    expect(new Set(ports).size).toBe(ports.length);
  });

  test('every service and remote has its folder, and every remote is a workspace with a manifest', () => {
    for (const name of SERVICE_NAMES) expect(existsSync(path.join(ROOT, 'services', name, 'src', 'server.ts'))).toBe(true);
    for (const name of REMOTE_NAMES) {
      expect(existsSync(path.join(ROOT, name, 'src', 'manifest.tsx'))).toBe(true);
      expect(workspaces).toContain(name);
    }
  });

  test('route paths are owned once; navigation entries are in a strict order and open a route that exists', () => {
    const owned = [...remoteRoutes().map((route) => route.path), ...UPCOMING_AREAS.map((area) => area.path)];
    expect(new Set(owned).size).toBe(owned.length);
    const entries = navigation();
    expect(new Set(entries.map((entry) => entry.order)).size).toBe(entries.length);
    expect(entries.map((entry) => entry.label)).toEqual([
      'Painel',
      'Minhas tarefas',
      'Conversas',
      'Pipeline',
      'Contatos',
      'Sinistros',
      'Apólices',
      'Comissões',
      'Documentos',
      'Configurações',
      'Meu Perfil',
      'Privacidade',
      'Minha Corretora',
    ]);
    for (const name of REMOTE_NAMES) {
      for (const entry of REMOTES[name].nav) {
        const route = REMOTES[name].routes.find((candidate) => entry.to === `/${candidate.path}`);
        expect(route).toBeDefined();
        expect(route?.locked).toBe(entry.locked);
      }
    }
  });
});
