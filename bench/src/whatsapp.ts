/**
 * `npm run bench:whatsapp` (#62): Meta's webhook under a brokerage's day, through nginx, with two
 * replicas of every service, one of the pipeline's killed (SIGKILL) halfway and started again by its
 * supervisor. Deliveries arrive at a fixed rate (WHATSAPP_PER_MINUTE, 1,000 by default, for
 * WHATSAPP_SECONDS, 60), open loop: one leaves on time whatever the others are doing, as Meta sends.
 * Each is a client's message (one of 40 clients, or a number nobody has, which becomes a prospect),
 * signed as Meta signs it; one in twenty is delivered twice, as Meta does when an answer is slow. A
 * delivery that is not answered 200 is delivered again a second later, as Meta does, until it is.
 * Reports the latency of every answer (p50, p99; target p99 ≤ 200 ms) against a floor measured in the
 * same run (a bare Node handler that checks the same signature and inserts one row, on the same
 * Postgres), the answers that were not 200, and the messages lost (target 0) or stored twice (target 0).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { inboundText, signWebhook } from '@corretora/dev-stack/src/whatsapp-stub';
import { onboardedBroker, postJson } from './broker';
import { killAndWait, runBench, startReplicatedStack } from './replicated-stack';

const SECONDS = Number(process.env.WHATSAPP_SECONDS ?? 60);
const PER_MINUTE = Number(process.env.WHATSAPP_PER_MINUTE ?? 1000);
const P99_TARGET_MS = 200;
const CLIENTS = 40;
const RETRY_AFTER_MS = 1_000;
const APP_SECRET = randomBytes(16).toString('hex');
const TOKEN = `EAAG${randomBytes(24).toString('hex')}`;

interface Attempt {
  ms: number;
  status: number;
}

const sign = (raw: string) => signWebhook(raw, APP_SECRET);

/** POSTs until answered 200, as Meta does; every attempt's latency and status is kept. */
async function deliverUntilTaken(url: string, raw: string, attempts: Attempt[]): Promise<void> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const started = performance.now();
    let status: number;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(raw) },
        body: raw,
        signal: AbortSignal.timeout(15_000),
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      status = 0;
    }
    attempts.push({ ms: performance.now() - started, status });
    if (status === 200) return;
    await sleep(RETRY_AFTER_MS);
  }
}

/**
 * The floor: what the webhook's work costs with nothing around it — a bare Node handler that reads
 * the body, checks the same HMAC and inserts the message's id once, on a pool of the service's size.
 */
async function startFloor(databaseUrl: string): Promise<{ url: string; stop(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  await pool.query('create table if not exists public.bench_webhook_floor (id text primary key, body text not null)');
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      if (req.headers['x-hub-signature-256'] !== sign(raw)) {
        res.writeHead(401).end();
        return;
      }
      const id = (JSON.parse(raw) as { entry: { changes: { value: { messages: { id: string }[] } }[] }[] }).entry[0]!.changes[0]!.value
        .messages[0]!.id;
      pool.query('insert into public.bench_webhook_floor (id, body) values ($1, $2) on conflict do nothing', [id, raw]).then(
        () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":1}'),
        () => res.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    stop: async () => {
      await new Promise((resolve) => server.close(resolve));
      await pool.query('drop table if exists public.bench_webhook_floor');
      await pool.end();
    },
  };
}

/** Deliveries at a fixed rate for `seconds`; `midway` runs once halfway. Resolves when every one was taken. */
async function openLoop(
  url: string,
  seconds: number,
  make: (n: number) => { raw: string; twice: boolean },
  midway?: () => Promise<unknown>,
): Promise<{ attempts: Attempt[]; sent: number; midwayMs: number | null }> {
  const attempts: Attempt[] = [];
  const pending: Promise<void>[] = [];
  const interval = 60_000 / PER_MINUTE;
  const total = Math.round((seconds * PER_MINUTE) / 60);
  const start = performance.now();
  let midwayDone: Promise<number> | undefined;
  for (let n = 0; n < total; n += 1) {
    const due = start + n * interval;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (midway && !midwayDone && n >= total / 2) {
      const began = performance.now();
      midwayDone = midway().then(() => performance.now() - began);
    }
    const { raw, twice } = make(n);
    pending.push(deliverUntilTaken(url, raw, attempts));
    if (twice) pending.push(deliverUntilTaken(url, raw, attempts));
  }
  await Promise.all(pending);
  return { attempts, sent: total, midwayMs: midwayDone ? await midwayDone : null };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

runBench('whatsapp', async ({ workDir, log, started, onStop }) => {
  // The kit's limits as shipped: Meta's deliveries are anonymous, and must not be throttled like a member's writes.
  const { stack, nginx } = await startReplicatedStack(workDir, 29080, log, { ...process.env, LOG_LEVEL: 'warn' }, started);
  const { cookie } = await onboardedBroker(nginx.url, 'whatsapp');
  const phoneNumberId = String(Date.now()).slice(-12);
  const settings = await fetch(`${nginx.url}/api/whatsapp/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ provider: 'cloud', phoneNumberId, businessAccountId: '200000001', token: TOKEN, appSecret: APP_SECRET }),
  });
  if (!settings.ok) throw new Error(`settings: ${settings.status} ${await settings.text()}`);
  const clients = Array.from({ length: CLIENTS }, (_, n) => `5511${String(910_000_000 + n * 7919).slice(-9)}`);
  for (const [n, number] of clients.entries())
    await postJson(
      `${nginx.url}/api/contacts`,
      { name: `Cliente ${n + 1}`, type: 'individual', phone: `(11) ${number.slice(4, 9)}-${number.slice(9)}` },
      cookie,
    );

  const run = randomUUID().slice(0, 8);
  const make = (prefix: string) => (n: number) => {
    // One in ten from a number nobody has (a new prospect), one in twenty delivered twice.
    const from = n % 10 === 9 ? `5521${String(980_000_000 + n).slice(-9)}` : clients[n % CLIENTS]!;
    const message = inboundText(phoneNumberId, from, `Mensagem ${n} do benchmark`, { id: `wamid.bench-${prefix}-${run}-${n}` });
    return { raw: JSON.stringify(message), twice: n % 20 === 7 };
  };
  const floor = await startFloor(stack.databaseUrl);
  onStop(() => floor.stop());
  log(`floor: the same deliveries for ${Math.min(20, SECONDS)}s to a bare handler (signature, one insert)`);
  const floorRun = await openLoop(floor.url, Math.min(20, SECONDS), make('floor'));
  const victim = stack.replicas.filter((replica) => replica.name === 'pipeline')[1]!;
  log(`${PER_MINUTE} deliveries a minute for ${SECONDS}s through nginx; one pipeline replica killed halfway`);
  const product = await openLoop(`${nginx.url}/api/whatsapp/webhook`, SECONDS, make('nginx'), () => killAndWait(victim));

  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  const { rows } = await db.query<{ id: string; n: string }>(
    'select provider_message_id as id, count(*) as n from pipeline.whatsapp_messages where provider_message_id like $1 group by 1',
    [`wamid.bench-nginx-${run}-%`],
  );
  await db.end();
  const stored = new Map(rows.map((row) => [row.id, Number(row.n)]));
  const lost = Array.from({ length: product.sent }, (_, n) => `wamid.bench-nginx-${run}-${n}`).filter((id) => !stored.has(id)).length;
  const twice = [...stored.values()].filter((count) => count > 1).length;

  const answered = (attempts: Attempt[]) => attempts.filter((attempt) => attempt.status === 200).map((attempt) => attempt.ms);
  const summary = (attempts: Attempt[]) => {
    const ok = answered(attempts);
    return {
      deliveries: attempts.length,
      'p50 ms': Math.round(percentile(ok, 50) * 10) / 10,
      'p99 ms': Math.round(percentile(ok, 99) * 10) / 10,
      'max ms': Math.round(Math.max(0, ...ok)),
      'not 200 (delivered again)': attempts.length - ok.length,
    };
  };
  const floorSummary = summary(floorRun.attempts);
  const productSummary = summary(product.attempts);
  console.table({ 'floor (bare handler)': floorSummary, 'POST /api/whatsapp/webhook via nginx': productSummary });
  const ratio = (key: 'p50 ms' | 'p99 ms') => Math.round((productSummary[key] / Math.max(0.1, floorSummary[key])) * 100) / 100;
  const refused = product.attempts.filter((attempt) => attempt.status !== 200);
  const statuses = [...new Set(refused.map((attempt) => attempt.status))].join(', ');
  console.log(
    `product / floor: p50 ${ratio('p50 ms')}, p99 ${ratio('p99 ms')}; ${product.sent} messages (${stored.size} stored), lost ${lost} (target 0), ` +
      `stored twice ${twice} (target 0); answers other than 200: ${refused.length}${statuses ? ` (${statuses})` : ''}, each delivered again; ` +
      `the killed replica was ready again after ${Math.round(product.midwayMs ?? 0)} ms`,
  );
  const misses = [
    productSummary['p99 ms'] > P99_TARGET_MS && `p99 ${productSummary['p99 ms']} ms > ${P99_TARGET_MS} ms`,
    lost > 0 && `${lost} lost`,
    twice > 0 && `${twice} stored twice`,
  ].filter(Boolean);
  return misses as string[];
});
