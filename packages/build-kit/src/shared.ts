import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '../../..');

function versionRange(pkg: string): string {
  const root = JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string };
  return `^${root.version}`;
}

/**
 * One instance each, across the shell and every remote. A shared module cannot be tree-shaken (any
 * app may use any of its exports), so whole packages are shared only where they must be single:
 * React, the query cache, our kit (which also carries the router, see web-kit/src/router.ts) and
 * Fluent's React contexts. Fluent's components are shared as the curated families below, each
 * exporting only the components the apps use, so Fluent's code is loaded once per page.
 */
const SINGLETONS = ['react', 'react-dom', '@tanstack/react-query', '@fluentui/react-shared-contexts'] as const;

const FLUENT_DIR = path.join(REPO_ROOT, 'packages/web-kit/src/fluent');

/** The curated Fluent modules: '@corretora/web-kit/fluent/<family>' -> its source file. */
function fluentFamilies(): Map<string, string> {
  return new Map(
    readdirSync(FLUENT_DIR)
      .filter((file) => file.endsWith('.ts'))
      .map((file) => [`@corretora/web-kit/fluent/${file.slice(0, -3)}`, path.join(FLUENT_DIR, file)]),
  );
}

interface SharedConfig {
  singleton: true;
  requiredVersion: string | false;
  import?: string | false;
  version?: string;
}

/**
 * `kind`: the shell provides every shared module; a remote consumes Fluent only from the shell
 * (`import: false`: no copy of Fluent in any remote).
 */
export function sharedModules(kind: 'host' | 'remote'): Record<string, SharedConfig> {
  const shared: Record<string, SharedConfig> = {};
  for (const pkg of SINGLETONS) shared[pkg] = { singleton: true, requiredVersion: versionRange(pkg) };
  shared['react/jsx-runtime'] = { singleton: true, requiredVersion: versionRange('react') };
  // Our own runtime kit: the toaster, query keys and API client must be the same module everywhere.
  shared['@corretora/web-kit'] = { singleton: true, requiredVersion: false };
  // Fluent's components, one module per family of the ones the apps use (a page loads only the
  // families it shows). The shell provides all of them, from an absolute path so that a family
  // it never renders itself (tables, tabs) is still built and offered; a remote brings none, so
  // Fluent's runtime (tabster, Griffel's insertion, react-utilities) exists once per page.
  for (const [key, file] of fluentFamilies()) {
    shared[key] =
      kind === 'host'
        ? { singleton: true, requiredVersion: false, import: file, version: '0.0.0' }
        : { singleton: true, requiredVersion: false, import: false };
  }
  return shared;
}
