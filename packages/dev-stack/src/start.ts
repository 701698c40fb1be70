import path from 'node:path';
import { REPO_ROOT } from './processes';
import { startStack } from './stack';

/** `npm start`: the product on the embedded default, data kept in <repo>/.data. */
async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 8080);
  // Every line says how long the start has taken so far: a newcomer sees what it is doing, and when.
  const started = performance.now();
  const log = (line: string) =>
    process.stdout.write(`[dev-stack ${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}\n`);
  // The embedded Postgres narrates every checkpoint (in chunks of several lines); show only what
  // needs attention, minus the connections it ends itself when it is stopped.
  const infraLog = (chunk: string) => {
    for (const line of chunk.split('\n')) {
      if (/\b(ERROR|FATAL|PANIC|WARNING)\b/.test(line) && !line.includes('due to administrator command')) log(line);
    }
  };
  log('starting PostgreSQL, the S3 store, the services and the apps (the first start builds the apps: about a minute and a half)…');
  const stack = await startStack({
    dataDir: path.join(REPO_ROOT, '.data'),
    port,
    servicePortBase: Number(process.env.SERVICE_PORT_BASE ?? 4101),
    pgPort: Number(process.env.PG_PORT ?? 54329),
    s3Port: Number(process.env.S3_PORT ?? 9400),
    logs: 'console',
    log,
    infraLog,
    // DATABASE_POOLER=pgbouncer: the services through Debian's PgBouncer in transaction mode, as npm test's journeys run.
    pooler: process.env.DATABASE_POOLER === 'pgbouncer',
    // READ_REPLICA_DELAY_MS=<ms>: a streaming replica of the embedded Postgres that far behind takes the reads that may lag.
    ...(process.env.READ_REPLICA_DELAY_MS ? { readReplica: { delayMs: Number(process.env.READ_REPLICA_DELAY_MS) } } : {}),
  });
  if (stack.env.WHATSAPP_API_URL && !process.env.WHATSAPP_API_URL)
    log(`WhatsApp Cloud API: a local stub at ${stack.env.WHATSAPP_API_URL} (what was sent: /_stub/sent)`);
  log('ready');
  process.stdout.write(`\nCorretora CRM rodando em ${stack.url}\n(Ctrl-C para parar)\n\n`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping…`);
    stack.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`[dev-stack] could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
