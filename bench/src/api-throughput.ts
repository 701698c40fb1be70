/**
 * `npm run bench`: throughput, latency and memory of the services on the real stack (embedded
 * PostgreSQL and S3 store, the three services, the dev gateway, and nginx generated from the
 * registry as in production), with one onboarded broker whose product list has 50 rows.
 * - The list: GET /api/products (50 rows) through nginx with a session, against its floor measured
 *   (each side after a few seconds' warm-up, BENCH_WARMUP_SECONDS: a cold service is not the one users meet)
 *   in the same run (a bare Node http handler running the same SQL on a pool of the same size, in a
 *   process of its own like a service's, never on the load generator's thread): the bench prints
 *   the ratio (the median of BENCH_ROUNDS rounds of the pair, 3 by default: one pair alone swings
 *   with the machine) and the SQL statements per request (pg_stat_statements). Measured alongside: the
 *   list straight to the service, the floor behind its own nginx (the best ratio through nginx that
 *   a framework costing nothing could reach on this machine), and the floor's handler in a bare Koa
 *   app (what Koa alone costs; the rest of the gap is the kit's).
 * - Reads on each service directly and through the dev gateway; sign-in separately (argon2id is
 *   slow on purpose).
 * Services log every request at info, as in production. Results print as tables and are written to
 * bench/results/. Numbers depend on the machine: compare ratios, and runs on the same one.
 */
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startBenchStack } from './bench-stack';
import { BENCH_PASSWORD, onboardedBroker, postJson } from './broker';
import { cpuSnapshot, cpuUsedBetween, startListFloors, statementCounter } from './list-floor';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Each side of the list's ratio runs this long unmeasured first: every one is compared warm (JIT, pools, plans). */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
/**
 * The list's ratio is measured this many times, the floor and the list through nginx back to back
 * each time, and reported as the median of the rounds' ratios (with their range): one pair swung
 * from 0.53 to 0.89 between runs of the same tree on this shared machine.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

interface Scenario {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  connections?: number;
  amount?: number;
}

interface Outcome {
  name: string;
  requests: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
}

/** The scenario run unmeasured (its JIT compiled, its connections open, its plans cached). */
async function warmUp(scenario: Scenario, cookie: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    autocannon(
      {
        url: scenario.url,
        headers: { Cookie: cookie },
        connections: scenario.connections ?? CONNECTIONS,
        duration: WARMUP_SECONDS,
      },
      (error) => (error ? reject(error) : resolve()),
    );
  });
}

async function measure(scenario: Scenario, cookie: string): Promise<Outcome> {
  const errorKinds = new Map<string, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: scenario.url,
        method: scenario.method ?? 'GET',
        body: scenario.body,
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        connections: scenario.connections ?? CONNECTIONS,
        ...(scenario.amount ? { amount: scenario.amount } : { duration: SECONDS }),
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('reqError', (error: Error) => errorKinds.set(error.message, (errorKinds.get(error.message) ?? 0) + 1));
  });
  if (errorKinds.size > 0)
    console.error(`[bench] ${scenario.name}: ${[...errorKinds].map(([message, count]) => `${count} × ${message}`).join(', ')}`);
  return {
    name: scenario.name,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Resident and peak memory of a process, from /proc (Linux). */
async function memoryOf(pid: number | undefined): Promise<{ rssMiB: number; peakMiB: number } | null> {
  if (!pid) return null;
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rssMiB: Math.round(kib('VmRSS') / 1024), peakMiB: Math.round(kib('VmHWM') / 1024) };
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'corretora-bench-'));
  // As root the embedded Postgres runs as the postgres user, who must be able to reach its folder.
  await chmod(workDir, 0o755);
  let running: Awaited<ReturnType<typeof startBenchStack>> | undefined;
  let floors: Awaited<ReturnType<typeof startListFloors>> | undefined;
  try {
    const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
    running = await startBenchStack({
      workDir,
      log,
      logLevel: 'info',
      postgresFlags: ['-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track=all'],
    });
    const { stack, nginx } = running;
    const { cookie, email } = await onboardedBroker(stack.url, 'bench');
    const service = (name: string) => stack.services.find((entry) => entry.name === name)?.url ?? '';

    // 50 products: the 6 defaults and 44 more.
    for (let index = 1; index <= 44; index += 1)
      await postJson(`${stack.url}/api/products`, { name: `Produto de teste ${index}`, line: 'empresarial' }, cookie);
    floors = await startListFloors(stack.databaseUrl);
    // The same floor behind nginx: how much of the floor is left once the gateway is in the path,
    // i.e. the best ratio a framework costing nothing could reach through nginx on this machine.
    const floorNginx = await running.nginxInFrontOf('catalogues', new URL(floors.raw).host, 26082);
    const counter = await statementCounter(stack.databaseUrl);
    const processes = [...stack.services, { name: 'floors', pid: floors.pid }];
    const listConnections = Number(process.env.BENCH_LIST_CONNECTIONS ?? 32);
    const list: Outcome[] = [];
    const statements: Record<string, number> = {};
    const cpu: Record<string, Record<string, number>> = {};
    /** CPU microseconds per answered request of the process that served it (the floors' or catalogues): steadier than req/s on a shared machine. */
    const perRequest: Record<string, number> = {};
    const listScenarios = [
      { name: 'floor: bare http + pg, same SQL', url: floors.raw, connections: listConnections, server: 'floors' },
      { name: 'Koa floor: the same handler in bare Koa', url: floors.koa, connections: listConnections, server: 'floors' },
      { name: 'nginx GET /api/products (50 rows)', url: `${nginx.url}/api/products`, connections: listConnections, server: 'catalogues' },
      {
        name: 'catalogues GET /api/products (50 rows)',
        url: `${service('catalogues')}/api/products`,
        connections: listConnections,
        server: 'catalogues',
      },
      { name: 'nginx in front of the floor', url: `${floorNginx.url}/api/products`, connections: listConnections, server: 'floors' },
    ];
    for (const scenario of listScenarios) {
      log(`${scenario.name}…`);
      if (WARMUP_SECONDS > 0) await warmUp(scenario, cookie);
      await counter.reset();
      const cpuBefore = await cpuSnapshot(processes);
      const outcome = await measure(scenario, cookie);
      const used = cpuUsedBetween(cpuBefore, await cpuSnapshot(processes));
      perRequest[scenario.name] = Math.round(((used[scenario.server] ?? 0) / Math.max(1, outcome.requests)) * 1e6);
      cpu[scenario.name] = Object.fromEntries(
        Object.entries(used).map(([group, seconds]) => [group, Math.round((seconds / SECONDS) * 100)]),
      );
      statements[scenario.name] = Math.round(((await counter.total()) / Math.max(1, outcome.requests)) * 100) / 100;
      list.push(outcome);
    }
    await counter.close();
    const [floorOutcome, koaFloor, viaNginx, straight, floorViaNginx] = list as [Outcome, Outcome, Outcome, Outcome, Outcome];
    const toFloor = (outcome: Outcome) => Math.round((outcome.requestsPerSecond / Math.max(1, floorOutcome.requestsPerSecond)) * 100) / 100;
    // More rounds of the pair the target is on: the floor, then the list through nginx, each warm.
    const rounds = [toFloor(viaNginx)];
    for (let round = 2; round <= ROUNDS; round += 1) {
      const pair: Outcome[] = [];
      for (const index of [0, 2]) {
        const scenario = listScenarios[index]!;
        log(`round ${round}: ${scenario.name}…`);
        if (WARMUP_SECONDS > 0) await warmUp(scenario, cookie);
        pair.push(await measure(scenario, cookie));
      }
      rounds.push(Math.round((pair[1]!.requestsPerSecond / Math.max(1, pair[0]!.requestsPerSecond)) * 100) / 100);
    }
    const sorted = [...rounds].sort((a, b) => a - b);
    const ratio = sorted[Math.floor((sorted.length - 1) / 2)]!;
    console.log(`\nThe 50-row list, ${listConnections} connections, ${SECONDS}s each`);
    console.table(
      list.map((outcome) => ({
        ...outcome,
        'SQL per request': statements[outcome.name],
        'server CPU µs per request': perRequest[outcome.name],
      })),
    );
    console.log('CPU use during each (% of one core; the floors run in a process of their own):');
    console.table(cpu);
    console.log(
      `nginx / floor = ${ratio} (target >= 0.7; the median of ${rounds.length} rounds: ${rounds.join(', ')}); through nginx ${viaNginx.requestsPerSecond} req/s (target >= 2000), p99 ${viaNginx.latencyP99Ms} ms (target <= 30)`,
    );
    console.log(
      `straight to the service / floor = ${toFloor(straight)}; the floor itself behind nginx / floor = ${toFloor(floorViaNginx)} (the most the first ratio could be here); Koa floor / floor = ${toFloor(koaFloor)} (what Koa alone leaves)`,
    );

    const scenarios: Scenario[] = [
      { name: 'identity  GET /api/auth/user', url: `${service('identity')}/api/auth/user` },
      { name: 'broker    GET /api/broker-profile', url: `${service('broker')}/api/broker-profile` },
      { name: 'catalogues GET /api/products', url: `${service('catalogues')}/api/products` },
      { name: 'catalogues GET /api/reference-data', url: `${service('catalogues')}/api/reference-data` },
      { name: 'gateway   GET /api/reference-data', url: `${stack.url}/api/reference-data` },
      {
        name: 'identity  POST /api/auth/login (argon2id)',
        url: `${service('identity')}/api/auth/login`,
        method: 'POST',
        body: JSON.stringify({ email, password: BENCH_PASSWORD }),
        connections: 2,
        amount: 40,
      },
    ];

    const before = await Promise.all(stack.services.map(async (entry) => ({ name: entry.name, memory: await memoryOf(entry.pid) })));
    const outcomes: Outcome[] = [];
    for (const scenario of scenarios) {
      log(`${scenario.name}…`);
      outcomes.push(await measure(scenario, cookie));
    }
    const after = await Promise.all(stack.services.map(async (entry) => ({ name: entry.name, memory: await memoryOf(entry.pid) })));

    console.log(`\n${CONNECTIONS} connections, ${SECONDS}s per read scenario, ${os.cpus().length} cores`);
    console.table(outcomes);
    console.table(
      after.map((entry, index) => ({
        service: entry.name,
        'RSS idle (MiB)': before[index]?.memory?.rssMiB ?? '?',
        'RSS after load (MiB)': entry.memory?.rssMiB ?? '?',
        'peak RSS (MiB)': entry.memory?.peakMiB ?? '?',
      })),
    );

    const resultsDir = path.join(__dirname, '..', 'results');
    await mkdir(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    await writeFile(
      file,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          cores: os.cpus().length,
          seconds: SECONDS,
          connections: CONNECTIONS,
          list,
          ratio,
          rounds,
          statements,
          outcomes,
          memory: { before, after },
        },
        null,
        2,
      ),
    );
    log(`results written to ${path.relative(process.cwd(), file)}`);
    const failed = [...list, ...outcomes].filter((outcome) => outcome.non2xx > 0 || outcome.errors > 0);
    if (failed.length > 0) {
      console.error(`[bench] requests failed in: ${failed.map((outcome) => outcome.name).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await floors?.stop();
    await running?.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`[bench] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
