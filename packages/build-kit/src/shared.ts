import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '../../..');
const FLUENT_DIR = path.join(REPO_ROOT, 'packages/web-kit/src/fluent');

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as PackageJson;

/** The version of `pkg` that an app in `dir` builds against (what its imports resolve to). */
function installedVersion(pkg: string, dir: string): string {
  return readJson(require.resolve(`${pkg}/package.json`, { paths: [dir] })).version;
}

/**
 * One instance each, across the shell and every remote. A shared module cannot be tree-shaken (any
 * app may use any of its exports), so whole packages are shared only where they must be single:
 * React, the query cache, our kit (which also carries the router, see web-kit/src/router.ts) and
 * Fluent's React contexts. Fluent's components are shared as the curated families below, each
 * exporting only the components the apps use, so Fluent's code is loaded once per page.
 */
const SINGLETONS = ['react', 'react-dom', '@tanstack/react-query', '@corretora/web-kit'] as const;

/**
 * What the shell provides as '@tanstack/react-query': web-kit's curated file (only the parts the apps
 * use: a shared module is not tree-shaken). Lint allows apps these names only, so a remote never
 * asks the shell for one it does not have.
 */
export const SHARED_QUERY_FILE = path.join(REPO_ROOT, 'packages/web-kit/src/shared/react-query.ts');
export const SHARED_QUERY_EXPORTS = [
  'MutationCache',
  'QueryCache',
  'QueryClient',
  'QueryClientProvider',
  'keepPreviousData',
  'noop',
  'queryOptions',
  'useMutation',
  'useQuery',
  'useQueryClient',
] as const;

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
  /** An app refuses to run with a copy outside its range (a remote is then isolated, not run broken). */
  strictVersion: true;
  requiredVersion: string;
  version?: string;
  import?: string | false;
}

/**
 * Each shared module with a real version and the range the app accepts, both from the app's own
 * package.json and what it builds against:
 * - `version`: what this build would provide (react 19.2.1, web-kit 1.2.0, Fluent 9.74.11, …);
 * - `requiredVersion`: the range the app declares for it. A remote declares the web-kit and Fluent
 *   it was built for, and the shell must satisfy it, or the remote's area is isolated
 *   (strictVersion) instead of running against the wrong kit.
 * The shell provides every shared module. A remote takes Fluent only from the shell (`import:
 * false`: no copy of Fluent in any remote) and shares only what it declares (it never renders a
 * root, so it has no react-dom).
 */
export function sharedModules(kind: 'host' | 'remote', dir: string): Record<string, SharedConfig> {
  const manifest = readJson(path.join(dir, 'package.json'));
  const declared = (pkg: string): string | undefined => manifest.dependencies?.[pkg];
  const shared: Record<string, SharedConfig> = {};
  for (const pkg of SINGLETONS) {
    const range = declared(pkg);
    if (range === undefined) {
      if (kind === 'host') throw new Error(`${manifest.name} must declare ${pkg}: the shell provides it to every remote`);
      continue;
    }
    shared[pkg] = { singleton: true, strictVersion: true, requiredVersion: range, version: installedVersion(pkg, dir) };
  }
  if (kind === 'host' && shared['@tanstack/react-query']) shared['@tanstack/react-query'].import = SHARED_QUERY_FILE;
  shared['react/jsx-runtime'] = { ...shared['react']!, requiredVersion: declared('react')! };
  // Fluent's React contexts: one copy, in step with the components the shell provides.
  const fluent = installedVersion('@fluentui/react-components', dir);
  shared['@fluentui/react-shared-contexts'] = {
    singleton: true,
    strictVersion: true,
    requiredVersion: `^${installedVersion('@fluentui/react-shared-contexts', dir)}`,
    version: installedVersion('@fluentui/react-shared-contexts', dir),
    ...(kind === 'remote' ? { import: false as const } : {}),
  };
  // Fluent's components, one module per family of the ones the apps use (a page loads only the
  // families it shows), versioned as the Fluent release they come from. The shell provides all of
  // them, from an absolute path so that a family it never renders itself (tables, tabs) is still
  // built and offered; a remote brings none, so Fluent's runtime (tabster, Griffel's insertion,
  // react-utilities) exists once per page.
  const fluentRange = declared('@fluentui/react-components') ?? `^${fluent}`;
  for (const [key, file] of fluentFamilies()) {
    shared[key] =
      kind === 'host'
        ? { singleton: true, strictVersion: true, requiredVersion: fluentRange, version: fluent, import: file }
        : { singleton: true, strictVersion: true, requiredVersion: fluentRange, import: false };
  }
  return shared;
}

/** What a remote's build says about itself (dist/remote.json), read when it is published. */
export interface RemoteDescription {
  name: string;
  packageVersion: string;
  /** Shared module -> the range this remote accepts from the shell. */
  requires: Record<string, string>;
}

export function describeRemote(dir: string): RemoteDescription {
  const manifest = readJson(path.join(dir, 'package.json'));
  const shared = sharedModules('remote', dir);
  const requires: Record<string, string> = {};
  for (const [key, config] of Object.entries(shared)) {
    // The Fluent families all carry the Fluent range: said once, by Fluent's name.
    if (key.startsWith('@corretora/web-kit/fluent/')) requires['@fluentui/react-components'] = config.requiredVersion;
    else requires[key] = config.requiredVersion;
  }
  return { name: path.basename(dir), packageVersion: manifest.version, requires };
}

/**
 * What the shell provides, module -> version (Fluent's families by Fluent's name): compiled into the
 * shell, which checks a remote's requirements (its remote.json) against it before loading the remote.
 */
export function providedVersions(dir: string): Record<string, string> {
  const provided: Record<string, string> = {};
  for (const [key, config] of Object.entries(sharedModules('host', dir))) {
    if (!config.version) continue;
    provided[key.startsWith('@corretora/web-kit/fluent/') ? '@fluentui/react-components' : key] = config.version;
  }
  return provided;
}
