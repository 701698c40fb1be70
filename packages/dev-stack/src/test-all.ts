import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startNginx, writeApiDocs, type RunningNginx, type ServiceName } from '@corretora/gateway-kit';
import { BUILD_CONCURRENCY } from './apps';
import { RELEASE_BOOK_DIR, checkBackupAndRestore, restoreReleaseBook } from './book-check';
import { startCepStub } from './cep-stub';
import { ensureDatabase, startInfra, type Infra } from './infra';
import { PGBOUNCER_BIN } from './pgbouncer';
import { REPO_ROOT, run } from './processes';
import { VARIANTS_DIR, buildRemoteVariants } from './remote-variants';
import { startStack, type Stack } from './stack';

/**
 * `npm test`: every check of the product, in order, on a throwaway Postgres and S3 store.
 * A failed step does not stop the others; the summary and the exit code report all of them.
 */
interface StepResult {
  name: string;
  ok: boolean;
  seconds: number;
}

const results: StepResult[] = [];
/** Where the journeys reach the product: nginx in front of the test stack (whose dev gateway is on 18080). */
const NGINX_PORT = 18081;
/** Where the shipping journeys' traces and screenshots go (the other journeys' are in .data/e2e-results). */
const SHIPPING_RESULTS = path.join(REPO_ROOT, '.data', 'e2e-results-shipping');

const log = (line: string) => process.stdout.write(`\n[test] ${line}\n`);

async function step(name: string, work: () => Promise<number | boolean>): Promise<boolean> {
  log(`▶ ${name}`);
  const started = Date.now();
  let ok: boolean;
  try {
    const outcome = await work();
    ok = outcome === true || outcome === 0;
  } catch (error) {
    log(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    ok = false;
  }
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  log(`${ok ? '✔' : '✘'} ${name}`);
  return ok;
}

function requireTool(file: string, hint: string): void {
  if (!existsSync(file)) throw new Error(`${file} is missing: ${hint}`);
}

/** What runs through nginx in front of the journeys' stack: the size budgets, the journeys, the shipping journeys, backup and restore. */
async function journeys({
  nginx,
  stack,
  outbox,
  remoteErrorLog,
  workDir,
  variantsBuilt,
}: {
  nginx: RunningNginx;
  stack: Stack;
  outbox: string;
  remoteErrorLog: string;
  workDir: string;
  variantsBuilt: Promise<boolean>;
}): Promise<void> {
  await step(
    'size budgets of every route (gzipped JS through nginx: /login <= 200 KiB and no remoteEntry, every signed-in route <= 300 KiB, no Fluent code in a remote)',
    () => {
      requireTool(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', 'install chromium (apt-get install -y chromium)');
      return run('npm', ['run', 'size', '--silent', '-w', '@corretora/shell'], { ...process.env, BASE_URL: nginx.url });
    },
  );
  const journeyEnv = {
    ...process.env,
    BASE_URL: nginx.url,
    MAIL_OUTBOX_DIR: outbox,
    REMOTE_STORE: stack.remoteStoreDir,
    REMOTE_VARIANTS_DIR: VARIANTS_DIR,
    REMOTE_ERROR_LOG: remoteErrorLog,
    // What only time would arrange (a card idle for days) is written straight into the journeys' database.
    E2E_DATABASE_URL: stack.databaseUrl,
    E2E_RELEASE_BOOK: RELEASE_BOOK_DIR,
    // The stack's stub of the WhatsApp Cloud API: a journey reads what was sent there to play Meta's side.
    WHATSAPP_STUB_URL: stack.env.WHATSAPP_API_URL ?? '',
  };
  await step('end-to-end journeys (Playwright in Chromium through nginx)', () => {
    requireTool(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', 'install chromium (apt-get install -y chromium)');
    return run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--project', 'chromium'], journeyEnv);
  });
  // The project the config runs after every other journey, once its variants are built.
  if (await variantsBuilt) {
    await step('remote shipping journeys (a remote shipped alone, rolled back, refused when it breaks the contract)', () =>
      // Its own output folder: Playwright empties the one it writes to, and the other journeys' failures are in theirs.
      run(
        'npx',
        ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--project', 'remote shipping', '--no-deps', '--output', SHIPPING_RESULTS],
        journeyEnv,
      ),
    );
  }
  await step(
    "backup and restore: npm run backup of the journeys' book while a broker uploads, npm run restore into an empty embedded Postgres and store, every row, object and insurer password the same",
    () => checkBackupAndRestore({ stack: stack!, nginxUrl: nginx.url, workDir, log }),
  );
}

async function main(): Promise<void> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'corretora-test-'));
  // Jest's and Playwright's failures-reporters append each failed test here, for the summary.
  const failuresFile = path.join(workDir, 'failures.txt');
  process.env.TEST_FAILURES_FILE = failuresFile;
  let failures: string;
  // As root the embedded Postgres runs as the postgres user, who must be able to reach its folder.
  await chmod(workDir, 0o755);
  let infra: Infra | undefined;
  let stack: Stack | undefined;
  let nginx: RunningNginx | undefined;
  let cepStub: Awaited<ReturnType<typeof startCepStub>> | undefined;
  try {
    // One Node: npm ci installs the project's own (package.json's devDependency "node"), and npm's
    // scripts run on it whatever the machine has.
    await step(`Node ${process.version}, the major the project and its images name (.nvmrc)`, async () => {
      const wanted = readFileSync(path.join(REPO_ROOT, '.nvmrc'), 'utf8').trim();
      if (process.versions.node.split('.')[0] !== wanted) {
        throw new Error(`npm test runs on Node ${process.version}; the project runs on Node ${wanted} (npm ci installs it)`);
      }
      return true;
    });
    // Two lanes side by side: the type check then jest, one workspace at a time, on one core (its
    // suites wait on Postgres much of the time); the builds take the other. The journeys need only
    // the apps: they start as soon as those are built, and the lane goes on with the remote variants
    // (only the shipping journey, which runs last, needs them) and then the typed lint, beside the
    // journeys. Their output interleaves; each step's result and time are in the summary.
    let infraUp = false;
    const appsBuilt = step('build the apps (webpack, Module Federation)', () =>
      run('npx', ['lerna', 'run', 'build', '--concurrency', String(BUILD_CONCURRENCY), '--stream']),
    );
    // The shipping journeys publish these into the running product's store (remote-variants.ts).
    const variantsBuilt = appsBuilt.then((apps) =>
      apps
        ? step(
            'build the remote variants the shipping journeys ship (a change to finance and to the portal, web-kit 1.1, 1.3 and 2.0)',
            async () => {
              await buildRemoteVariants((line) => log(line));
              return true;
            },
          )
        : false,
    );
    const linted = variantsBuilt.then(() =>
      step('lint (eslint with types, prettier, declared dependencies)', () => run('npm', ['run', 'lint'])),
    );
    const infraStarted = (async () => {
      infraUp = await step('start test Postgres and S3 store', async () => {
        infra = await startInfra({ dataDir: path.join(workDir, 'infra'), pgPort: 15432, s3Port: 19400 });
        return true;
      });
      return { ...process.env, ...(infra?.env ?? {}), DATABASE_URL: infra?.adminDatabaseUrl ?? '', LOG_LEVEL: 'silent' };
    })();
    // Jest is not waited for: the journeys' stack starts as soon as the apps are built (the journeys
    // need the builds, not jest's results), so the end of jest and the start of the journeys overlap.
    // The type check runs in jest's lane, before it: the journeys wait on the builds' lane only, so
    // what that lane does not need (tsc) is off the run's longest path.
    const jest = infraStarted.then(async (env) => {
      await step('type check (tsc)', () => run('npx', ['tsc', '-p', 'tsconfig.json']));
      if (!infraUp) return false;
      return step('unit and integration tests (jest in every workspace, real Postgres, S3 and nginx)', () => {
        requireTool(process.env.NGINX_BIN ?? '/usr/sbin/nginx', 'install nginx (apt-get install -y nginx)');
        // --no-bail: a failing workspace does not hide the others' results; --no-sort: nor does it skip
        // the workspaces that depend on it (Lerna/Nx skips a dependent's task when a dependency's failed).
        return run('npx', ['lerna', 'run', 'test', '--concurrency', '1', '--stream', '--no-bail', '--no-sort'], env);
      });
    });
    const testEnv = await infraStarted;
    const built = await appsBuilt;
    if (infraUp && built && infra) {
      const outbox = path.join(workDir, 'outbox');
      const remoteErrorLog = path.join(workDir, 'remote-errors.log');
      // The journeys' book has its own database and bucket; it starts as the previous release's
      // book, restored and upgraded (the upgrade journey finds every record of it again).
      const databaseUrl = await ensureDatabase(infra.adminDatabaseUrl, 'e2e');
      const stackDir = path.join(workDir, 'stack');
      const stackStore = { S3_BUCKET: 'e2e' };
      await step(
        "restore the previous release's book into the journeys' database and store (its migrations, its rows, then this release's)",
        () => restoreReleaseBook({ databaseUrl, stackDir, env: { ...testEnv, ...stackStore } }),
      );
      const stackUp = await step(
        'start the whole stack for the journeys (the services through PgBouncer in transaction mode, reads that may lag on a replica 300 ms behind)',
        async () => {
          requireTool(PGBOUNCER_BIN, 'install pgbouncer (apt-get install -y pgbouncer)');
          // The CEP lookups of the journeys are answered by a local stub of the public service.
          cepStub = await startCepStub();
          stack = await startStack({
            dataDir: stackDir,
            port: 18080,
            servicePortBase: 14101,
            pgPort: 15432,
            s3Port: 19400,
            logs: { dir: path.join(REPO_ROOT, '.data', 'test-logs') },
            log: (line) => log(line),
            // As a deployment that outgrew one machine runs (#63): every journey's request reaches
            // Postgres through Debian's PgBouncer (1.18) in transaction mode; jest's suites and the
            // replicas' step connect straight, so both ways are proven on every run.
            pooler: true,
            // …and reads that may lag on a streaming replica replaying 300 ms behind: a screen that
            // read there right after its member's own write would miss it (read-your-writes, #63).
            readReplica: { delayMs: 300 },
            // E-mailed links point at nginx, where the journeys run. The journeys create dozens of
            // accounts from one address, and the api-fuzz sends hundreds of writes a minute from one
            // account: the register limit is proven by identity's tests and through nginx by the
            // gateway's, the per-account limits by service-kit's.
            env: {
              ...testEnv,
              ...stackStore,
              DATABASE_URL: databaseUrl,
              MAIL_OUTBOX_DIR: outbox,
              LOG_LEVEL: 'info',
              APP_URL: `http://127.0.0.1:${NGINX_PORT}`,
              REGISTER_LIMIT_PER_HOUR: '1000',
              WRITE_LIMIT_PER_MINUTE: '100000',
              UPLOAD_LIMIT_PER_MINUTE: '10000',
              CEP_PROVIDER_URL: cepStub.providerUrl,
            },
          });
          return true;
        },
      );
      // The journeys go through the real nginx, configured from the route table as in production.
      const nginxUp =
        stackUp &&
        (await step('start nginx in front of the stack', async () => {
          const docsDir = path.join(workDir, 'api-docs');
          await writeApiDocs(docsDir);
          nginx = await startNginx({
            listen: NGINX_PORT,
            docsDir,
            upstreams: Object.fromEntries(stack!.services.map((service) => [service.name, new URL(service.url).host])) as Record<
              ServiceName,
              string
            >,
            shellDir: path.join(REPO_ROOT, 'shell', 'dist'),
            remoteStoreDir: stack!.remoteStoreDir,
            prefixDir: path.join(workDir, 'nginx'),
            accessLog: 'off',
            remoteErrorLog,
            // As root, nginx's workers would run as nobody, who may not read a checkout under /root.
            user: process.getuid?.() === 0 ? 'root' : undefined,
          });
          return true;
        }));
      if (nginxUp && nginx) await journeys({ nginx, stack: stack!, outbox, remoteErrorLog, workDir, variantsBuilt });
    }
    await jest;
    await linted;
    if (built) {
      // A stack of its own, two replicas per service (embedded Postgres and S3 store unless
      // DATABASE_URL/S3_* name others), kept short here: `npm run bench:replicas` runs it longer.
      await step('replicas: one of two replicas of every service killed under load through nginx (0 failed GETs, 0 duplicated POSTs)', () =>
        run('npm', ['run', 'bench:replicas', '--silent'], { ...process.env, REPLICAS_SECONDS: '8' }),
      );
    }
    failures = existsSync(failuresFile) ? readFileSync(failuresFile, 'utf8').trim() : '';
  } finally {
    await nginx?.stop().catch(() => undefined);
    await stack?.stop().catch(() => undefined);
    await cepStub?.close().catch(() => undefined);
    await infra?.stop().catch(() => undefined);
    await rm(workDir, { recursive: true, force: true });
  }

  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  process.stdout.write('\n──────── summary ────────\n');
  for (const r of results) process.stdout.write(`${r.ok ? '✔' : '✘'} ${r.name} (${r.seconds}s)\n`);
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
  if (failures) process.stdout.write(`Failed tests:\n${failures}\n`);
  if (failed > 0) process.stdout.write('Service logs of the journeys: .data/test-logs/\n');
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
