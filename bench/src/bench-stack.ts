import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startStack, type Stack } from '@corretora/dev-stack';
import { startNginx, type RunningNginx, type ServiceName } from '@corretora/gateway-kit';

/**
 * The whole stack on the benchmarks' own ports, with real nginx in front (no access log, client
 * connections kept for the whole run), as every benchmark measures it. `stop` stops both.
 */
export async function startBenchStack(options: {
  workDir: string;
  log: (line: string) => void;
  logLevel: string;
  postgresFlags?: string[];
}): Promise<{
  stack: Stack;
  nginx: RunningNginx;
  /** Another nginx, same configuration, whose upstream for one service is `host` (a floor). */
  nginxInFrontOf(service: ServiceName, host: string, listen: number): Promise<RunningNginx>;
  stop(): Promise<void>;
}> {
  // Every port below Linux's ephemeral range (32768–60999): an outgoing connection holding one of
  // them as its local port made a service's listen fail with EADDRINUSE.
  const stack = await startStack({
    dataDir: path.join(options.workDir, 'data'),
    port: 26080,
    servicePortBase: 26101,
    pgPort: 26432,
    s3Port: 26400,
    logs: { dir: path.join(options.workDir, 'logs') },
    log: options.log,
    // The board bench moves cards from one account far faster than a person: no per-account limit.
    env: { WRITE_LIMIT_PER_MINUTE: '100000000', UPLOAD_LIMIT_PER_MINUTE: '100000000', ...process.env, LOG_LEVEL: options.logLevel },
    postgresFlags: options.postgresFlags,
    // BENCH_POOLER=pgbouncer: the services through Debian's PgBouncer in transaction mode (#63), to compare with straight.
    pooler: process.env.BENCH_POOLER === 'pgbouncer',
  });
  const upstreams = Object.fromEntries(stack.services.map((entry) => [entry.name, new URL(entry.url).host])) as Record<ServiceName, string>;
  const extra: RunningNginx[] = [];
  const nginxWith = (listen: number, routed: Record<ServiceName, string>) =>
    startNginx({
      listen,
      upstreams: routed,
      shellDir: path.join(__dirname, '..', '..', 'shell', 'dist'),
      remoteStoreDir: stack.remoteStoreDir,
      prefixDir: path.join(options.workDir, `nginx-${listen}`),
      accessLog: 'off',
      // At ~3,000 req/s on 32 connections each passes nginx's 1,000 requests in a 10 s run.
      keepaliveRequests: 1_000_000,
      user: process.getuid?.() === 0 ? 'root' : undefined,
    });
  try {
    const nginx = await nginxWith(26081, upstreams);
    return {
      stack,
      nginx,
      async nginxInFrontOf(service, host, listen) {
        const running = await nginxWith(listen, { ...upstreams, [service]: host });
        extra.push(running);
        return running;
      },
      async stop() {
        for (const running of extra) await running.stop();
        await nginx.stop();
        await stack.stop();
      },
    };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}

/** Debian's Chromium as the benchmarks start it (no sandbox as root, nothing phoning home). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * A benchmark's life: a work directory, the stack with nginx, the measurement, then everything
 * stopped and removed whatever happened; a failure prints and exits non-zero.
 */
export function runBench(
  name: string,
  measure: (running: Awaited<ReturnType<typeof startBenchStack>>, log: (line: string) => void) => Promise<void>,
): void {
  const main = async () => {
    const workDir = await mkdtemp(path.join(os.tmpdir(), `corretora-bench-${name}-`));
    await chmod(workDir, 0o755);
    let running: Awaited<ReturnType<typeof startBenchStack>> | undefined;
    try {
      const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
      running = await startBenchStack({ workDir, log, logLevel: 'warn' });
      await measure(running, log);
    } finally {
      await running?.stop();
      await rm(workDir, { recursive: true, force: true });
    }
  };
  void main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
