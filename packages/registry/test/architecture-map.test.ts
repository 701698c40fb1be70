import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTES, REMOTE_NAMES, SERVICE_NAMES } from '../src';

const ROOT = path.resolve(__dirname, '../../..');
const map = readFileSync(path.join(ROOT, 'ARCHITECTURE.md'), 'utf8');

/** The first cells of the map's table rows that start with `prefix` (`services/x`, `mfe-x`). */
function rooms(prefix: string): string[] {
  return [...map.matchAll(new RegExp(`^\\| \`(${prefix}[a-z-]+)\` *\\|(.*)$`, 'gm'))].map((match) => match[1]!);
}

/**
 * ARCHITECTURE.md is the map a newcomer reads first (#36 item 7): its rooms are the registry's, so a
 * service or remote added, renamed or removed without the map fails here. It stays a map, short,
 * with the wings' detail in docs/.
 */
describe('the architecture map', () => {
  test('names every service and remote of the registry, and nothing else', () => {
    expect(rooms('services/').sort()).toEqual(SERVICE_NAMES.map((name) => `services/${name}`).sort());
    expect(rooms('mfe-').sort()).toEqual([...REMOTE_NAMES].sort());
  });

  test("gives each remote the registry's routes", () => {
    for (const name of REMOTE_NAMES) {
      const row = map.split('\n').find((line) => line.startsWith(`| \`${name}\``))!;
      const routes = [...row.split('|')[2]!.matchAll(/`\/([a-z-]+)`/g)].map((match) => match[1]);
      expect(routes.sort()).toEqual(REMOTES[name].routes.map((route) => route.path).sort());
    }
  });

  test('is a map: at most 150 lines, and every page it links exists', () => {
    expect(map.split('\n').length).toBeLessThanOrEqual(150);
    for (const [, target] of map.matchAll(/\]\((docs\/[a-z-]+\.md)(?:#[a-z-]+)?\)/g)) {
      expect(() => readFileSync(path.join(ROOT, target!), 'utf8')).not.toThrow();
    }
  });
});
