import { existsSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { BUILD_STAMP } from '@corretora/build-kit';
import { publishRemote, promoteRemote } from '@corretora/gateway-kit';
import { REMOTE_NAMES } from '@corretora/registry';
import { REPO_ROOT, run } from './processes';

/** The front ends, built in this order: every remote of the registry, then the shell (a host never needs a remote to build). */
export const APPS = [...REMOTE_NAMES, 'shell'].map((dir) => ({ workspace: `@corretora/${dir}`, dir }));

/**
 * Everything a bundle is made of: its sources, the packages compiled into it, and the files that
 * decide what is shared (a remote built with other sharing rules than the shell misbehaves).
 */
const SHARED_SOURCES = [
  'packages/web-kit/src',
  'packages/web-kit/package.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'packages/registry/src',
  'packages/build-kit/src',
  'package-lock.json',
];

function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function isStale(appDir: string): boolean {
  const stamp = path.join(REPO_ROOT, appDir, 'dist', BUILD_STAMP);
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  const sources = [path.join(appDir, 'src'), path.join(appDir, 'webpack.config.ts'), path.join(appDir, 'package.json'), ...SHARED_SOURCES];
  return sources.some((source) => {
    const full = path.join(REPO_ROOT, source);
    return existsSync(full) && (statSync(full).isDirectory() ? newestMtime(full) : statSync(full).mtimeMs) > built;
  });
}

/**
 * Two builds at a time on this 2-core machine (webpack is mostly one thread; the minifier takes the
 * other core's gaps): the five builds take about 78 s instead of 101 s one after another.
 */
export const BUILD_CONCURRENCY = Math.max(1, Math.min(2, availableParallelism()));

/** Builds the apps whose bundle is missing or older than their sources, BUILD_CONCURRENCY at a time; says how long each took. */
export async function buildApps(options: { force?: boolean; log: (line: string) => void }): Promise<void> {
  // The shell first: the longest build, so the last one to start is a short one (and it is what the sign-in page needs).
  const queue = APPS.filter((app) => options.force || isStale(app.dir)).sort(
    (a, b) => Number(b.dir === 'shell') - Number(a.dir === 'shell'),
  );
  if (queue.length === 0) {
    options.log('the apps are built (nothing changed since their last build)');
    return;
  }
  options.log(`building ${queue.map((app) => app.dir).join(', ')} (${BUILD_CONCURRENCY} at a time)…`);
  const worker = async () => {
    for (let app = queue.shift(); app; app = queue.shift()) {
      const started = performance.now();
      const code = await run('npm', ['run', 'build', '--silent', '-w', app.workspace]);
      if (code !== 0) throw new Error(`build of ${app.dir} failed (exit ${code})`);
      options.log(`${app.dir} built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  };
  await Promise.all(Array.from({ length: BUILD_CONCURRENCY }, worker));
}

/**
 * Publishes each remote's current build into the store and makes it live, as a remote team would
 * with `npm run remote -- ship`: what `npm start` serves is the working tree. A build already
 * published keeps its version (same bytes), so a restart changes nothing that was not rebuilt.
 */
export async function shipBuiltRemotes(store: string, log: (line: string) => void): Promise<void> {
  for (const name of REMOTE_NAMES) {
    const published = await publishRemote(store, path.join(REPO_ROOT, name, 'dist'));
    const pointer = await promoteRemote(store, name, published.version);
    if (published.created || pointer.previous[0] !== undefined) log(`${name} ${published.version} is live`);
  }
}
