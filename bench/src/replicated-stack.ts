import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startStack, type Stack } from '@corretora/dev-stack';
import { SERVICE_NAMES, startNginx, type RunningNginx, type ServiceName } from '@corretora/gateway-kit';

/**
 * Two replicas of every service behind the production nginx (bench:replicas, bench:whatsapp): the
 * stack on `portBase` (+1 nginx, +21 the services, +352 Postgres, +320 the store; below the ephemeral
 * range, as bench-stack.ts explains). `started` holds what is up so far, for the caller's cleanup.
 */
export async function startReplicatedStack(
  workDir: string,
  portBase: number,
  log: (line: string) => void,
  env: NodeJS.ProcessEnv,
  started: { stack?: Stack; nginx?: RunningNginx },
): Promise<{ stack: Stack; nginx: RunningNginx }> {
  const stack = await startStack({
    dataDir: path.join(workDir, 'data'),
    port: portBase,
    servicePortBase: portBase + 21,
    pgPort: portBase + 352,
    s3Port: portBase + 320,
    logs: { dir: path.join(workDir, 'logs') },
    log,
    replicas: 2,
    env,
  });
  started.stack = stack;
  const upstreams = Object.fromEntries(
    SERVICE_NAMES.map((name) => [
      name,
      stack.replicas.filter((replica) => replica.name === name).map((replica) => new URL(replica.url).host),
    ]),
  ) as Record<ServiceName, string[]>;
  const nginx = await startNginx({
    listen: portBase + 1,
    upstreams,
    shellDir: path.join(__dirname, '..', '..', 'shell', 'dist'),
    remoteStoreDir: stack.remoteStoreDir,
    prefixDir: path.join(workDir, 'nginx'),
    accessLog: 'off',
    remoteErrorLog: path.join(workDir, 'remote-errors.log'),
    keepaliveRequests: 1_000_000,
    user: process.getuid?.() === 0 ? 'root' : undefined,
  });
  started.nginx = nginx;
  return { stack, nginx };
}

/** SIGKILL one replica; resolves with the time until its supervisor's successor answers /readyz. */
export async function killAndWait(victim: Stack['replicas'][number]): Promise<number> {
  const old = victim.process.child;
  const killedAt = Date.now();
  old.kill('SIGKILL');
  for (;;) {
    await sleep(50);
    if (victim.process.child === old) continue;
    const ready = await fetch(`${victim.url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return Date.now() - killedAt;
    if (Date.now() - killedAt > 120_000) throw new Error(`${victim.process.name} did not come back`);
  }
}

/** What a replicated benchmark is given: its folder, its log, and where to say what it started. */
export interface BenchRun {
  workDir: string;
  log: (line: string) => void;
  started: { stack?: Stack; nginx?: RunningNginx };
  /** Something else to stop at the end (before nginx and the stack). */
  onStop(stop: () => Promise<unknown>): void;
}

/**
 * Runs a benchmark on a folder of its own and always cleans up; `measure` answers the targets it
 * missed. Prints them (or that every target was met) and exits non-zero on a miss or an error.
 */
export function runBench(label: string, measure: (run: BenchRun) => Promise<string[]>): void {
  const main = async () => {
    const workDir = await mkdtemp(path.join(os.tmpdir(), `corretora-${label}-`));
    await chmod(workDir, 0o755);
    const stops: (() => Promise<unknown>)[] = [];
    const run: BenchRun = {
      workDir,
      log: (line) => process.stdout.write(`[${label}] ${line}\n`),
      started: {},
      onStop: (stop) => stops.push(stop),
    };
    try {
      const misses = await measure(run);
      console.log(misses.length > 0 ? `MISSED: ${misses.join(', ')}` : 'every target met');
      return misses.length > 0 ? 1 : 0;
    } finally {
      for (const stop of stops) await stop().catch(() => undefined);
      await run.started.nginx?.stop().catch(() => undefined);
      await run.started.stack?.stop().catch(() => undefined);
      await rm(workDir, { recursive: true, force: true });
    }
  };
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
