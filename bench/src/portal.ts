/**
 * `npm run bench:portal` (#61), two measures, each against a floor taken in the same run, through nginx:
 * - A code asked for a CPF that is a client's and for one nobody has: the median time of each over
 *   20 tries (target: the same answer, medians within ±50 ms of each other). Each try a document of
 *   its own (a document may ask for 5 codes an hour).
 * - The portal's first page of a client with five policies, in headless Debian Chromium: time from
 *   navigation until the fifth policy is on screen and "Avisar sinistro" can be clicked, against the
 *   bare /login page until its form can be used: target ≤ 1.3×.
 * A benchmark, never a test: it prints what it measured and the targets.
 */
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, startBenchStack } from './bench-stack';
import { cpfOf, onboardedBroker, postJson } from './broker';

const TRIES = Number(process.env.BENCH_PORTAL_TRIES ?? 20);
const PAGE_RUNS = Number(process.env.BENCH_PORTAL_PAGE_RUNS ?? 11);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const br = (iso: string) => iso.split('-').reverse().join('/');

async function send(url: string, method: string, body: unknown, cookie: string): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response;
}

/** Five policies of the client (by CPF) through the policies import, as Apólices › Importar sends them. */
async function fivePolicies(url: string, cookie: string, cpf: string): Promise<void> {
  const lines = [
    'Apólice;Seguradora;Segurado;CPF do segurado;Ramo;Início;Fim;Prêmio Líquido;Prêmio Total;% Comissão',
    ...[1, 2, 3, 4, 5].map(
      (n) =>
        `BP-${n};Porto Seguro;Cliente Bench;${cpf};Auto;${br(`202${n % 2 ? 6 : 5}-0${n}-01`)};${br(`202${n % 2 ? 7 : 6}-0${n}-01`)};1.000,00;1.073,80;10`,
    ),
  ];
  const form = new FormData();
  form.set('kind', 'policies');
  form.set('file', new Blob([Buffer.from(lines.join('\r\n'), 'latin1')], { type: 'text/csv' }), 'apolices.csv');
  const created = await fetch(`${url}/api/imports`, { method: 'POST', headers: { Cookie: cookie }, body: form });
  if (!created.ok) throw new Error(`import: ${created.status} ${await created.text()}`);
  const { id, mapping } = (await created.json()) as { id: number; mapping: unknown };
  await send(`${url}/api/imports/${id}/mapping`, 'PUT', { mapping }, cookie);
  await send(`${url}/api/imports/${id}/commit`, 'POST', {}, cookie);
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const status = ((await (await fetch(`${url}/api/imports/${id}`, { headers: { Cookie: cookie } })).json()) as { status: string }).status;
    if (status === 'done') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not finish');
}

/** The code the portal mailed to `to` (identity's outbox). */
async function codeMailed(outbox: string, to: string): Promise<string> {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    for (const name of await readdir(outbox).catch(() => [] as string[])) {
      const mail = JSON.parse(await readFile(path.join(outbox, name), 'utf8')) as { to: string; subject: string };
      const code = /código de acesso: (\d{6})/.exec(mail.subject)?.[1];
      if (mail.to === to && code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no code for ${to}`);
}

async function main(): Promise<void> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'corretora-portal-'));
  await chmod(workDir, 0o755);
  const log = (line: string) => process.stdout.write(`[bench:portal] ${line}\n`);
  let running: Awaited<ReturnType<typeof startBenchStack>> | undefined;
  try {
    running = await startBenchStack({ workDir, log, logLevel: 'warn' });
    const { nginx } = running;
    const url = nginx.url;
    const { cookie } = await onboardedBroker(url, 'portal');
    const settings = (await (
      await send(`${url}/api/portal-settings`, 'PUT', { enabled: true, channels: { email: true, whatsapp: false } }, cookie)
    ).json()) as { publicPath: string };
    const slug = settings.publicPath.replace('/cliente/', '');
    log(`seeding ${TRIES} clients, and five policies for the first…`);
    for (let n = 0; n < TRIES; n += 1)
      await postJson(
        `${url}/api/contacts`,
        {
          name: `Cliente Bench ${n}`,
          phone: '(11) 98765-4321',
          cpf: cpfOf(1000 + n),
          email: `cliente-${n}@bench.test`,
          type: 'individual',
        },
        cookie,
      );
    await fivePolicies(url, cookie, cpfOf(1000));

    // The answer and its time, a client's document and one nobody has, in turns.
    const known: number[] = [];
    const unknown: number[] = [];
    const answers = new Set<string>();
    for (let n = 0; n < TRIES; n += 1)
      for (const [document, times] of (n % 2 === 0
        ? [
            [cpfOf(1000 + n), known],
            [cpfOf(5000 + n), unknown],
          ]
        : [
            [cpfOf(5000 + n), unknown],
            [cpfOf(1000 + n), known],
          ]) as [string, number[]][]) {
        const started = process.hrtime.bigint();
        const response = await fetch(`${url}/api/portal/${slug}/code`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ document }),
        });
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
        answers.add(`${response.status} ${await response.text()}`);
      }
    console.log(`\nPOST /api/portal/${slug}/code through nginx, ${TRIES} tries each`);
    console.table([
      { document: "a client's CPF", medianMs: Math.round(median(known) * 10) / 10 },
      { document: 'a CPF nobody has', medianMs: Math.round(median(unknown) * 10) / 10 },
    ]);
    console.log(
      `answers: ${[...answers].join(' | ')} (target: one answer); median difference ${Math.round(Math.abs(median(known) - median(unknown)) * 10) / 10} ms (target ±50 ms)`,
    );

    // The client signed in (the code from the outbox), then the pages.
    const code = await codeMailed(path.join(workDir, 'data', 'outbox'), 'cliente-0@bench.test');
    const signedIn = await fetch(`${url}/api/portal/${slug}/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ document: cpfOf(1000), code }),
    });
    if (!signedIn.ok) throw new Error(`sign-in: ${signedIn.status} ${await signedIn.text()}`);
    // The session's cookie and its signature.
    const clientCookies = signedIn.headers.getSetCookie().map((header) => header.split(';')[0]!);
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    try {
      const context = await browser.newContext({ baseURL: url, viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
      await context.addCookies(
        clientCookies.map((pair) => ({
          name: pair.slice(0, pair.indexOf('=')),
          value: pair.slice(pair.indexOf('=') + 1),
          domain: new URL(url).hostname,
          path: '/api/portal',
        })),
      );
      const open = {
        login: async () => {
          const page = await context.newPage();
          const started = Date.now();
          await page.goto('/login');
          await page.getByRole('button', { name: 'Entrar' }).waitFor();
          const took = Date.now() - started;
          await page.close();
          return took;
        },
        portal: async () => {
          const page = await context.newPage();
          const started = Date.now();
          await page.goto(settings.publicPath);
          await page.getByText('Apólice nº BP-5').waitFor();
          await page.getByRole('button', { name: 'Avisar sinistro' }).click({ trial: true });
          const took = Date.now() - started;
          await page.close();
          return took;
        },
      };
      // Warm: the code in the browser's cache, as a client who opened the portal before.
      await open.login();
      await open.portal();
      const times = { login: [] as number[], portal: [] as number[] };
      for (let run = 0; run < PAGE_RUNS; run += 1)
        for (const side of run % 2 === 0 ? (['login', 'portal'] as const) : (['portal', 'login'] as const))
          times[side].push(await open[side]());
      console.log(`\nFirst page in headless Chromium (390 px) through nginx, median of ${PAGE_RUNS} runs`);
      console.table([
        {
          what: "the portal's first page: five policies, 'Avisar sinistro' clickable",
          ms: median(times.portal),
          runs: times.portal.join(' '),
        },
        { what: 'floor: the bare /login page, its form usable', ms: median(times.login), runs: times.login.join(' ') },
      ]);
      console.log(`portal / login = ${Math.round((median(times.portal) / median(times.login)) * 100) / 100} (target <= 1.3)`);
    } finally {
      await browser.close();
    }
  } finally {
    await running?.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
