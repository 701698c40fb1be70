/**
 * `npm run bench`: throughput, latency and memory of the services on the real stack (embedded
 * PostgreSQL and S3 store, the three services, the dev gateway), with one onboarded broker.
 * Reads are measured on each service directly and once through the gateway; sign-in separately,
 * because argon2id makes it slow on purpose. Results print as a table and are written to
 * bench/results/. Numbers depend on the machine: compare runs on the same one.
 */
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EXAMPLE_BROKERAGE } from '@corretora/contracts/examples';
import autocannon from 'autocannon';
import { startStack, type Stack } from '@corretora/dev-stack';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PASSWORD = 'senha-do-benchmark-123';

const PROFILE = { ...EXAMPLE_BROKERAGE, isOnboardingComplete: true };

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
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
}

async function json(url: string, body: unknown, cookie?: string): Promise<Response> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response;
}

/** A new broker with a complete brokerage, signed in. */
async function onboardedBroker(gatewayUrl: string): Promise<{ cookie: string; email: string }> {
  const email = `bench-${Date.now()}@bench.test`;
  const registered = await json(`${gatewayUrl}/api/auth/register`, { name: 'Bia Bench', email, password: PASSWORD });
  const cookie = registered.headers.getSetCookie().map((header) => header.split(';')[0]).join('; ');
  await json(`${gatewayUrl}/api/broker-profile`, PROFILE, cookie);
  return { cookie, email };
}

async function measure(scenario: Scenario, cookie: string): Promise<Outcome> {
  const result = await autocannon({
    url: scenario.url,
    method: scenario.method ?? 'GET',
    body: scenario.body,
    headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    connections: scenario.connections ?? CONNECTIONS,
    ...(scenario.amount ? { amount: scenario.amount } : { duration: SECONDS }),
  });
  return {
    name: scenario.name,
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
  let stack: Stack | undefined;
  try {
    const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
    stack = await startStack({
      dataDir: path.join(workDir, 'data'),
      port: 38080,
      servicePortBase: 34101,
      pgPort: 35432,
      s3Port: 39400,
      logs: { dir: path.join(workDir, 'logs') },
      log,
      env: { ...process.env, LOG_LEVEL: 'warn' },
    });
    const { cookie, email } = await onboardedBroker(stack.url);
    const service = (name: string) => stack?.services.find((entry) => entry.name === name)?.url ?? '';

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
        body: JSON.stringify({ email, password: PASSWORD }),
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
    await writeFile(file, JSON.stringify({ date: new Date().toISOString(), cores: os.cpus().length, seconds: SECONDS, connections: CONNECTIONS, outcomes, memory: { before, after } }, null, 2));
    log(`results written to ${path.relative(process.cwd(), file)}`);
    const failed = outcomes.filter((outcome) => outcome.non2xx > 0 || outcome.errors > 0);
    if (failed.length > 0) {
      console.error(`[bench] requests failed in: ${failed.map((outcome) => outcome.name).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await stack?.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`[bench] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
