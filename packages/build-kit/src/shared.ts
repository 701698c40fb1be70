import { readFileSync } from 'node:fs';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '../../..');

function versionRange(pkg: string): string {
  const root = JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string };
  return `^${root.version}`;
}

/**
 * One instance each, across the shell and every remote. A shared module cannot be tree-shaken, so
 * only what must be single is shared: React, the query cache, our kit (which also carries the
 * router, see web-kit/src/router.ts) and, for Fluent, the package that holds its React contexts
 * (theme, overrides, portal mount node). Griffel and tabster keep their state per document, so a
 * second copy in a remote works the same and stays tree-shaken. Fluent components stay tree-shaken per app instead of shipping the whole
 * library as one singleton (~318 KB gz).
 */
const SINGLETONS = [
  'react',
  'react-dom',
  '@tanstack/react-query',
  '@fluentui/react-shared-contexts',
] as const;

export function sharedModules(): Record<string, { singleton: true; requiredVersion: string | false; strictVersion?: boolean }> {
  const shared: Record<string, { singleton: true; requiredVersion: string | false }> = {};
  for (const pkg of SINGLETONS) shared[pkg] = { singleton: true, requiredVersion: versionRange(pkg) };
  shared['react/jsx-runtime'] = { singleton: true, requiredVersion: versionRange('react') };
  // Our own runtime kit: the toaster, query keys and API client must be the same module everywhere.
  shared['@corretora/web-kit'] = { singleton: true, requiredVersion: false };
  return shared;
}
