/**
 * `npm run bench:quotes` (#60), two measures, each against a floor taken in the same run:
 * - The client's comparison PDF of six quotes with twelve coverages (finance's comparisonPdf, in
 *   process): its median time (target ≤ 1 s on this machine) and its ratio to a floor, a bare pdfkit
 *   document writing the same cells in the same font, one text call each, without the layout.
 * - A deal's page with 1,000 quotes, in headless Debian Chromium through nginx: time from navigation
 *   until the comparison is on screen (the cheapest dozen side by side and the count of all 1,000),
 *   against the same page of a deal without quotes (its empty state), the bare page: target ≤ 1.3×.
 *   Then, for the record, the time from "Ver todas … lado a lado" until the 1,000th column is in the DOM.
 * A benchmark, never a test: it prints what it measured and the targets.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import knexFactory from 'knex';
import PDFDocument from 'pdfkit';
import type { PublicComparison } from '@corretora/contracts';
import { CHROMIUM_ARGS, startBenchStack } from './bench-stack';
import { onboardedBroker, postJson } from './broker';
import { comparisonPdf } from '../../services/finance/src/modules/quotes/comparison-pdf';

const PDF_RUNS = Number(process.env.BENCH_QUOTES_PDF_RUNS ?? 21);
const PAGE_RUNS = Number(process.env.BENCH_QUOTES_PAGE_RUNS ?? 5);
const QUOTES = Number(process.env.BENCH_QUOTES ?? 1000);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Six insurers' quotes of one car, twelve coverages each. */
function comparison(): Omit<PublicComparison, 'createdAt' | 'expiresAt'> {
  const coverages = Array.from({ length: 12 }, (_, index) => ({
    key: `cobertura_${index}`,
    label: `Cobertura número ${index + 1} da apólice`,
    limit: index % 3 === 0 ? null : `${(index + 1) * 10_000}.00`,
    detail: index % 3 === 0 ? '100% FIPE' : null,
  }));
  return {
    brokerage: { name: 'Corretora Bench Ltda', cnpj: '12.345.678/0001-95', susep: '123456789', phone: null, email: null, logoUrl: null },
    clientName: 'Maria',
    insuredItem: 'Chevrolet Onix 1.0 2023 · RIO2A18',
    quotes: Array.from({ length: 6 }, (_, index) => ({
      insurerName: `Seguradora ${index + 1}`,
      line: 'auto' as const,
      totalPremium: `${2700 + index * 111}.99`,
      iof: '180.00',
      paymentOptions: [
        { instalments: 1, amount: `${2700 + index * 111}.99`, interest: false },
        { instalments: 10, amount: `${280 + index * 11}.00`, interest: index % 2 === 0 },
      ],
      deductible: { kind: 'normal' as const, amount: '3500.00' },
      coverages,
      validUntil: '2027-01-15',
      recommended: index === 0,
    })),
  };
}

/** The floor: the same cells written into a bare A4 landscape document, one text call each, no layout. */
function barePdf(content: ReturnType<typeof comparison>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 36 });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.font('Helvetica').fontSize(8);
    for (const quote of content.quotes) {
      pdf.text(`${quote.insurerName} ${quote.totalPremium} ${quote.iof}`);
      for (const option of quote.paymentOptions) pdf.text(`${option.instalments} ${option.amount}`);
      for (const coverage of quote.coverages) pdf.text(`${coverage.label} ${coverage.limit ?? ''} ${coverage.detail ?? ''}`);
    }
    pdf.end();
  });
}

async function timePdf(make: () => Promise<Buffer>): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < PDF_RUNS; run += 1) {
    const started = process.hrtime.bigint();
    await make();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return times;
}

/** A deal of the broker, and `count` quotes on it written straight into finance's table. */
async function dealWithQuotes(databaseUrl: string, url: string, cookie: string, userId: string, count: number): Promise<number> {
  const refs = (await (await fetch(`${url}/api/reference-data`, { headers: { Cookie: cookie } })).json()) as {
    products: { id: number; name: string }[];
    leadSources: { id: number }[];
    insurers: { id: number }[];
    pipelineStages: { id: number }[];
  };
  const lead = (await (
    await postJson(
      `${url}/api/pipeline`,
      {
        name: `Deal ${count}`,
        phone: '(11) 98765-4321',
        productId: refs.products.find((product) => product.name === 'Seguro Auto')!.id,
        leadSourceId: refs.leadSources[0]!.id,
        stageId: refs.pipelineStages[0]!.id,
      },
      cookie,
    )
  ).json()) as { id: number; contactId: number; responsibleId: string };
  if (count === 0) return lead.id;
  const knex = knexFactory({ client: 'pg', connection: databaseUrl });
  try {
    const coverages = JSON.stringify(
      Array.from({ length: 12 }, (_, index) => ({
        key: `c${index}`,
        label: `Cobertura ${index + 1}`,
        limit: `${index + 1}0000.00`,
        detail: null,
      })),
    );
    await knex.raw(
      `insert into finance.quotes (user_id, responsible_id, contact_id, card_id, insurer_id, line, total_premium, net_premium, iof,
                                   payment_options, coverages, commission_percent)
       select ?, ?, ?, ?, (array[${refs.insurers.map((insurer) => insurer.id).join(',')}])[1 + g % ${refs.insurers.length}], 'auto',
              2000 + g, 1800 + g, 150, '[{"instalments":1,"amount":"2000.00","interest":false}]'::jsonb, ?::jsonb, 15
         from generate_series(1, ?::int) as g`,
      [userId, lead.responsibleId, lead.contactId, lead.id, coverages, count],
    );
    await knex.raw('analyze finance.quotes');
  } finally {
    await knex.destroy();
  }
  return lead.id;
}

async function main(): Promise<void> {
  const content = comparison();
  const [pdfMs, floorMs] = [await timePdf(() => comparisonPdf(content, '2026-12-02')), await timePdf(() => barePdf(content))];
  console.log(`\nThe client's comparison PDF, six quotes × twelve coverages, median of ${PDF_RUNS} runs`);
  console.table([
    { what: 'comparisonPdf (layout, rows, borders)', ms: Math.round(median(pdfMs) * 10) / 10 },
    { what: 'floor: the same cells in a bare pdfkit document', ms: Math.round(median(floorMs) * 10) / 10 },
  ]);
  console.log(
    `comparison / floor = ${Math.round((median(pdfMs) / median(floorMs)) * 100) / 100}; ${Math.round(median(pdfMs))} ms (target <= 1000 ms)`,
  );

  const workDir = await mkdtemp(path.join(os.tmpdir(), 'corretora-quotes-'));
  await chmod(workDir, 0o755);
  const log = (line: string) => process.stdout.write(`[bench:quotes] ${line}\n`);
  let running: Awaited<ReturnType<typeof startBenchStack>> | undefined;
  try {
    running = await startBenchStack({ workDir, log, logLevel: 'warn' });
    const { stack, nginx } = running;
    const { cookie, userId } = await onboardedBroker(stack.url, 'quotes');
    log(`seeding a deal with ${QUOTES} quotes and one without…`);
    const [full, bare] = [
      await dealWithQuotes(stack.databaseUrl, stack.url, cookie, userId, QUOTES),
      await dealWithQuotes(stack.databaseUrl, stack.url, cookie, userId, 0),
    ];
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    try {
      const context = await browser.newContext({ baseURL: nginx.url, viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
      await context.addCookies(
        cookie
          .split('; ')
          .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url: nginx.url })),
      );
      // Warm: the remotes' code in the browser's cache, as a broker who already opened the board.
      const warm = await context.newPage();
      await warm.goto(`/pipeline/${bare}`);
      await warm.getByText('Nenhuma cotação ainda.', { exact: false }).waitFor();
      await warm.close();
      const times = { bare: [] as number[], full: [] as number[], all: [] as number[] };
      for (let run = 0; run < PAGE_RUNS; run += 1)
        for (const side of run % 2 === 0 ? (['bare', 'full'] as const) : (['full', 'bare'] as const)) {
          const page = await context.newPage();
          const started = Date.now();
          if (side === 'bare') {
            await page.goto(`/pipeline/${bare}`);
            await page.getByText('Nenhuma cotação ainda.', { exact: false }).waitFor();
          } else {
            await page.goto(`/pipeline/${full}`);
            await page.getByText(`de ${QUOTES} cotações`, { exact: false }).waitFor();
          }
          times[side].push(Date.now() - started);
          if (side === 'full') {
            const expanded = Date.now();
            await page.getByRole('button', { name: `Ver todas as ${QUOTES} lado a lado` }).click();
            await page
              .locator('th[data-quote-id]')
              .nth(QUOTES - 1)
              .waitFor({ state: 'attached', timeout: 60_000 });
            times.all.push(Date.now() - expanded);
          }
          await page.close();
        }
      console.log(`\nA deal's page in headless Chromium through nginx, median of ${PAGE_RUNS} runs`);
      console.table([
        {
          what: `the deal with ${QUOTES} quotes (the cheapest side by side, the count of all)`,
          ms: median(times.full),
          runs: times.full.join(' '),
        },
        { what: 'floor: the same page of a deal without quotes', ms: median(times.bare), runs: times.bare.join(' ') },
        { what: `then "Ver todas": all ${QUOTES} side by side (last column in the DOM)`, ms: median(times.all), runs: times.all.join(' ') },
      ]);
      console.log(`${QUOTES} quotes / bare page = ${Math.round((median(times.full) / median(times.bare)) * 100) / 100} (target <= 1.3)`);
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
