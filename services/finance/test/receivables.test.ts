import { cancellationMonth, chargebackPercent, PORTO_CHARGEBACK_STEPS, wireToCents } from '@corretora/contracts';
import { csvCell } from '@corretora/service-kit';
import { TEST_INTERNAL_TOKEN } from '@corretora/service-kit/testing';
import request from 'supertest';
import { addMonths } from '../src/modules/policies/instalment-math';
import { instalmentStatus } from '../src/modules/policies/receivables-math';
import { ReceivableSettingsService } from '../src/modules/policies/receivable-settings.service';
import { MonthTotals } from '../src/modules/totals/month-totals';
import { financeStack, type Who } from './stack';

const stack = financeStack();
const { api, internal, pipelineApi, importsApi, cataloguesApi, brokerApi, brokerWithRefs } = stack;

const windows1252 = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'latin1');

/** A valid CPF from 9 digits. */
function cpf(seed: number): string {
  const digits = String(100_000_000 + seed)
    .slice(-9)
    .split('')
    .map(Number);
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}

const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
const brDate = (iso: string) => iso.split('-').reverse().join('/');

async function waitDone(who: Who, path: string) {
  // Statements have their own door; /api/imports goes through the gateway (the pipeline hands policies on).
  const door = path.startsWith('/api/statements') ? api : importsApi;
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const response = await door().get(path).set('Cookie', who.cookie);
    if (response.body.status !== 'running') return response;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('import did not finish');
}

/** 200 Porto policies AP-0001…AP-0200, R$ 1.000,00 net at 12,5%: R$ 125,00 of commission each, à vista, starting `start`. */
async function importBook(who: Who, porto: number, start: string) {
  const end = addMonths(start, 12);
  const lines = ['Apólice;Seguradora;CPF;Segurado;Ramo;Início;Fim;Prêmio Líquido;Prêmio Total;% Comissão'];
  for (let index = 1; index <= 200; index += 1) {
    lines.push(
      `AP-${String(index).padStart(4, '0')};Porto Seguro;${cpf(index)};Cliente ${index};Auto;${brDate(start)};${brDate(end)};1.000,00;1.073,80;12,5`,
    );
  }
  const created = await importsApi()
    .post('/api/imports')
    .set('Cookie', who.cookie)
    .field('kind', 'policies')
    .attach('file', windows1252(lines), 'apolices.csv');
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  const preview = await importsApi().put(`/api/imports/${id}/mapping`).set('Cookie', who.cookie).send({ mapping: created.body.mapping });
  expect(preview.body.counts.create).toBe(200);
  expect((await importsApi().post(`/api/imports/${id}/commit`).set('Cookie', who.cookie)).status).toBe(202);
  expect((await waitDone(who, `/api/imports/${id}`)).body.status).toBe('done');
  void porto;
}

const STATEMENT_HEADER = 'Nº Apólice;Endosso;Parcela;CPF/CNPJ;Comissão Bruta;ISS;IRRF;Valor Líquido;Data Pagamento;Tipo Lançamento';

/**
 * 200 lines: 196 paid exactly (R$ 125,00 gross, R$ 2,50 ISS, R$ 1,88 IRRF, R$ 120,62 net), AP-0197 paid R$ 0,03 short,
 * AP-0198 R$ 1,00 short, AP-0199 under a number the insurer wrote differently (found by CPF and amount), and an estorno of AP-0200.
 */
function statement(paidOn: string): Buffer {
  const lines = [STATEMENT_HEADER];
  const date = brDate(paidOn);
  for (let index = 1; index <= 196; index += 1)
    lines.push(`AP-${String(index).padStart(4, '0')};0;1;${cpf(index)};125,00;2,50;1,88;120,62;${date};Comissão`);
  lines.push(`AP-0197;0;1;;124,97;2,50;1,88;120,59;${date};Comissão`);
  lines.push(`AP-0198;0;1;;124,00;2,48;1,86;119,66;${date};Comissão`);
  lines.push(`999-0199-X;0;1;${cpf(199)};125,00;2,50;1,88;120,62;${date};Comissão`);
  lines.push(`0AP-0200;0;1;;-125,00;0,00;0,00;-125,00;${date};Estorno por cancelamento`);
  return windows1252(lines);
}

async function uploadStatement(who: Who, insurerId: number, file: Buffer) {
  return api()
    .post('/api/statements')
    .set('Cookie', who.cookie)
    .field('insurerId', String(insurerId))
    .attach('file', file, 'extrato-porto.csv');
}

describe('statements reconciled with instalments (#24)', () => {
  test('three statements holding the same line, previewed together: the line is recorded once, and only one says criado', async () => {
    const who = await brokerWithRefs();
    const porto = who.refs.insurers.find((insurer) => insurer.name === 'Porto Seguro')!.id;
    const file = windows1252([STATEMENT_HEADER, `AP-9001;0;1;;50,00;1,00;0,75;48,25;${brDate(today())};Comissão`]);
    const ids: number[] = [];
    for (let copy = 0; copy < 3; copy += 1) {
      const created = await uploadStatement(who, porto, file);
      expect(created.status).toBe(201);
      const id = created.body.id as number;
      if (created.body.status === 'mapping')
        await api().put(`/api/statements/${id}/mapping`).set('Cookie', who.cookie).send({ mapping: created.body.mapping }).expect(200);
      ids.push(id);
    }
    // Each preview expects to create it: none is committed yet.
    for (const id of ids) expect((await api().get(`/api/statements/${id}`).set('Cookie', who.cookie)).body.counts.create).toBe(1);
    await Promise.all(ids.map((id) => api().post(`/api/statements/${id}/commit`).set('Cookie', who.cookie).expect(202)));
    const applied = await Promise.all(
      ids.map(async (id) => (await waitDone(who, `/api/statements/${id}`)).body.applied as Record<string, number>),
    );
    expect(applied.map((counts) => counts.create).sort()).toEqual([0, 0, 1]);
    expect(applied.map((counts) => counts.skip).sort()).toEqual([0, 1, 1]);
  });

  test('a 200-line Windows-1252 statement: 0 errors, totals to the centavo, statuses, re-import brings nothing, undo', async () => {
    const who = await brokerWithRefs();
    const porto = who.refs.insurers.find((insurer) => insurer.name === 'Porto Seguro')!.id;
    const start = today();
    await importBook(who, porto, start);

    const created = await uploadStatement(who, porto, statement(start));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: 'statement',
      insurerId: porto,
      status: 'mapping',
      encoding: 'windows-1252',
      delimiter: ';',
    });
    expect(created.body.mapping).toEqual({
      policyNumber: 'Nº Apólice',
      endorsement: 'Endosso',
      instalment: 'Parcela',
      document: 'CPF/CNPJ',
      grossCommission: 'Comissão Bruta',
      iss: 'ISS',
      irrf: 'IRRF',
      netCommission: 'Valor Líquido',
      paymentDate: 'Data Pagamento',
      lineType: 'Tipo Lançamento',
    });
    const id = created.body.id as number;
    const preview = await api().put(`/api/statements/${id}/mapping`).set('Cookie', who.cookie).send({ mapping: created.body.mapping });
    expect(preview.status).toBe(200);
    expect(preview.body.counts).toEqual({ create: 200, update: 0, skip: 0, duplicate: 0, error: 0 });
    const page = await api().get(`/api/statements/${id}?offset=196&limit=4`).set('Cookie', who.cookie);
    expect(
      page.body.rows.map((row: { match: { status: string; by: string; difference: string } }) => [
        row.match.status,
        row.match.by,
        row.match.difference,
      ]),
    ).toEqual([
      ['conciliado', 'numero', '-0.03'],
      ['pago_a_menor', 'numero', '-1.00'],
      ['conciliado', 'documento', '0.00'],
      ['estorno', 'numero', '-250.00'],
    ]);

    expect((await api().post(`/api/statements/${id}/commit`).set('Cookie', who.cookie)).status).toBe(202);
    const done = await waitDone(who, `/api/statements/${id}`);
    expect(done.body.status).toBe('done');
    expect(done.body.applied.create).toBe(200);
    // The commit is a job an operator watches on finance's /metrics, as is the hourly renewal sweep.
    const metrics = (await internal().get('/metrics')).text;
    expect(metrics).toMatch(/job_runs_total\{job="import_commit",outcome="success",service="finance"\} [1-9]/);
    expect(metrics).toMatch(/job_items_total\{job="import_commit",service="finance"\} [1-9]\d{2,}/);
    // The sweep's first run is the one sent as the service started (the job layer picks it within seconds).
    let sweeps = metrics;
    for (
      let tries = 0;
      tries < 100 && !/job_runs_total\{job="renewal_sweep",outcome="success",service="finance"\} [1-9]/.test(sweeps);
      tries += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      sweeps = (await internal().get('/metrics')).text;
    }
    expect(sweeps).toMatch(/job_runs_total\{job="renewal_sweep",outcome="success",service="finance"\} [1-9]/);

    const month = start.slice(0, 7);
    const receivables = await api().get(`/api/receivables?month=${month}&insurerId=${porto}`).set('Cookie', who.cookie);
    expect(receivables.status).toBe(200);
    // 200 × 125,00 expected; received: 196 × 125,00 + 124,97 + 124,00 + 125,00 − 125,00.
    expect(receivables.body).toMatchObject({
      month,
      expected: '25000.00',
      received: '24748.97',
      difference: '-251.03',
      iss: '497.48',
      irrf: '374.10',
      net: '23877.39',
      openDifferences: 1,
    });
    // The statement's own net column, summed line by line, is what the month received net.
    expect(wireToCents(receivables.body.net)).toBe(196 * 12062 + 12059 + 11966 + 12062 - 12500);
    const [row] = receivables.body.rows as {
      insurerName: string;
      instalments: { policyNumber: string; status: string; lines: unknown[] }[];
    }[];
    expect(row!.insurerName).toBe('Porto Seguro');
    const status = (number: string) => row!.instalments.find((instalment) => instalment.policyNumber === number)!.status;
    expect([status('AP-0001'), status('AP-0197'), status('AP-0198'), status('AP-0199'), status('AP-0200')]).toEqual([
      'conciliado',
      'conciliado',
      'pago_a_menor',
      'conciliado',
      'estorno',
    ]);

    // The same file again: the mapping is remembered for this insurer, and every line was brought already.
    const again = await uploadStatement(who, porto, statement(start));
    expect(again.body.status).toBe('preview');
    const againId = again.body.id as number;
    const againDetail = await api().get(`/api/statements/${againId}`).set('Cookie', who.cookie);
    expect(againDetail.body.counts).toMatchObject({ create: 0, skip: 200, error: 0 });
    await api().post(`/api/statements/${againId}/commit`).set('Cookie', who.cookie);
    await waitDone(who, `/api/statements/${againId}`);
    const after = await api().get(`/api/receivables?month=${month}`).set('Cookie', who.cookie);
    expect(after.body.net).toBe(receivables.body.net);

    // The instalment's own view, and the dashboard.
    const policies = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { id: number; policyNumber: string }[];
    const short = policies.find((policy) => policy.policyNumber === 'AP-0198')!;
    const instalments = await api().get(`/api/policies/${short.id}/instalments`).set('Cookie', who.cookie);
    expect(instalments.body[0]).toMatchObject({
      status: 'pago_a_menor',
      received: '124.00',
      difference: '-1.00',
      expectedCommission: '125.00',
    });
    const dashboard = await brokerApi().get('/api/dashboard/stats').set('Cookie', who.cookie);
    expect(dashboard.body.unavailable).toEqual([]);
    expect(dashboard.body.openDifferences).toEqual({ count: 1, amount: 100 });
    expect(dashboard.body.recentActivity[0]).toMatchObject({ type: 'statement_imported', subject: 'extrato-porto.csv' });

    // Undo: the payments go, the instalments read as before.
    const undone = await api().delete(`/api/statements/${id}`).set('Cookie', who.cookie);
    expect(undone.body.status).toBe('undone');
    const restored = await api().get(`/api/receivables?month=${month}`).set('Cookie', who.cookie);
    expect(restored.body).toMatchObject({ expected: '25000.00', received: '0.00', net: '0.00' });
    expect((await api().get(`/api/policies/${short.id}/instalments`).set('Cookie', who.cookie)).body[0]).toMatchObject({
      status: 'pendente',
      received: null,
    });

    // The other broker: none of it exists.
    const other = await brokerWithRefs();
    expect((await api().get(`/api/statements/${id}`).set('Cookie', other.cookie)).body).toEqual({
      message: 'Extrato não encontrado.',
    });
    expect((await api().delete(`/api/statements/${id}`).set('Cookie', other.cookie)).status).toBe(404);
    expect((await api().post(`/api/statements/${id}/commit`).set('Cookie', other.cookie)).status).toBe(404);
    expect((await uploadStatement(other, porto, statement(start))).status).toBe(400);
    expect((await api().get(`/api/receivables?month=${month}`).set('Cookie', other.cookie)).body.expected).toBe('0.00');
  });

  test('manual match and unmatch of a line nothing matched, with a note; another broker’s line is 404', async () => {
    const who = await brokerWithRefs();
    const porto = who.refs.insurers.find((insurer) => insurer.name === 'Porto Seguro')!.id;
    const start = today();
    await importBook(who, porto, start);
    const file = windows1252([STATEMENT_HEADER, `XYZ-1;0;1;;125,00;0;0;125,00;${brDate(start)};Comissão`]);
    const created = await uploadStatement(who, porto, file);
    const id = created.body.id as number;
    const preview = await api().put(`/api/statements/${id}/mapping`).set('Cookie', who.cookie).send({ mapping: created.body.mapping });
    expect(preview.body.rows[0].match.status).toBe('nao_identificado');
    await api().post(`/api/statements/${id}/commit`).set('Cookie', who.cookie);
    await waitDone(who, `/api/statements/${id}`);
    const month = start.slice(0, 7);
    const report = await api().get(`/api/receivables?month=${month}`).set('Cookie', who.cookie);
    expect(report.body.unidentified).toHaveLength(1);
    const lineId = report.body.unidentified[0].id as number;
    const policies = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { id: number; policyNumber: string }[];
    const target = policies.find((policy) => policy.policyNumber === 'AP-0005')!;

    const other = await brokerWithRefs();
    expect(
      (await api().put(`/api/statement-lines/${lineId}/match`).set('Cookie', other.cookie).send({ policyId: target.id, instalment: 1 }))
        .status,
    ).toBe(404);
    expect(
      (await api().put(`/api/statement-lines/${lineId}/match`).set('Cookie', who.cookie).send({ policyId: target.id, instalment: 7 })).body,
    ).toEqual({
      message: 'Esta apólice não tem essa parcela.',
      issues: [{ path: 'instalment', message: 'Esta apólice não tem essa parcela.' }],
    });
    const matched = await api()
      .put(`/api/statement-lines/${lineId}/match`)
      .set('Cookie', who.cookie)
      .send({ policyId: target.id, instalment: 1, note: 'Número errado no extrato' });
    expect(matched.status).toBe(200);
    expect(matched.body).toMatchObject({
      note: 'Número errado no extrato',
      match: { status: 'conciliado', by: 'manual', policyNumber: 'AP-0005' },
    });
    expect((await api().get(`/api/policies/${target.id}/instalments`).set('Cookie', who.cookie)).body[0].status).toBe('conciliado');
    const unmatched = await api()
      .post(`/api/statement-lines/${lineId}/unmatch`)
      .set('Cookie', who.cookie)
      .send({ note: 'Era de outra apólice' });
    expect(unmatched.body.match.status).toBe('nao_identificado');
    expect((await api().post(`/api/statement-lines/${lineId}/unmatch`).set('Cookie', other.cookie).send({})).status).toBe(404);
    // The committed statement's detail shows the line as finance keeps it now.
    const detail = await api().get(`/api/statements/${id}`).set('Cookie', who.cookie);
    expect(detail.body.rows[0].match.status).toBe('nao_identificado');
  });
});

interface ReceivableInstalmentView {
  policyId: number;
  number: number;
  dueDate: string;
}

/**
 * Recebíveis' summary and pages of each month, checked against the whole month's report: the same
 * figures per insurer with how many instalments each has, and every instalment once across the pages.
 */
async function receivablesOf(who: Who, months: string[]) {
  const summaries = [];
  for (const month of months) {
    const [report, summary] = await Promise.all(
      [`/api/receivables?month=${month}`, `/api/receivables/summary?month=${month}`].map(
        async (path) => (await api().get(path).set('Cookie', who.cookie)).body,
      ),
    );
    const { rows, ...figures } = report as { rows: { insurerId: number | null; instalments: ReceivableInstalmentView[] }[] };
    expect(summary).toEqual({ ...figures, rows: rows.map(({ instalments, ...row }) => ({ ...row, instalmentCount: instalments.length })) });
    for (const row of rows) {
      const paged: ReceivableInstalmentView[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await api()
          .get(`/api/receivables/instalments?month=${month}&insurerId=${row.insurerId ?? 'none'}&page=${page}&pageSize=70`)
          .set('Cookie', who.cookie);
        expect(answer.body).toMatchObject({ total: row.instalments.length, page, pageSize: 70 });
        paged.push(...answer.body.items);
        if (answer.body.items.length < 70) break;
      }
      const order = (a: ReceivableInstalmentView, b: ReceivableInstalmentView) =>
        a.dueDate.localeCompare(b.dueDate) || a.policyId - b.policyId || a.number - b.number;
      expect(paged).toEqual([...row.instalments].sort(order));
    }
    summaries.push(summary);
  }
  return summaries;
}

describe('a large book’s figures from the months’ totals (#63)', () => {
  test('the Painel’s, Comissões’ and Recebíveis’ figures are the rows’ to the centavo: before the job sums the months, after it, and after a write marks a month again', async () => {
    const who = await brokerWithRefs();
    const porto = who.refs.insurers.find((insurer) => insurer.name === 'Porto Seguro')!.id;
    // 200 policies due two months ago, reconciled: AP-0198 paid R$ 1,00 short (off the R$ 0,05 tolerance), AP-0200 an estorno.
    const start = addMonths(today(), -2);
    await importBook(who, porto, start);
    const created = await uploadStatement(who, porto, statement(start));
    const id = created.body.id as number;
    await api().put(`/api/statements/${id}/mapping`).set('Cookie', who.cookie).send({ mapping: created.body.mapping });
    expect((await api().post(`/api/statements/${id}/commit`).set('Cookie', who.cookie)).status).toBe(202);
    expect((await waitDone(who, `/api/statements/${id}`)).body.status).toBe('done');
    // Three more due the same day from another insurer, which no statement paid.
    const unpaid = await importsApi()
      .post('/api/imports')
      .set('Cookie', who.cookie)
      .field('kind', 'policies')
      .attach(
        'file',
        windows1252([
          'Apólice;Seguradora;CPF;Segurado;Ramo;Início;Fim;Prêmio Líquido;Prêmio Total;% Comissão',
          ...[1, 2, 3].map(
            (n) =>
              `AZ-${n};Allianz;${cpf(300 + n)};Cliente AZ ${n};Auto;${brDate(start)};${brDate(addMonths(start, 12))};1.000,00;1.073,80;12,5`,
          ),
        ]),
        'apolices.csv',
      );
    await importsApi().put(`/api/imports/${unpaid.body.id}/mapping`).set('Cookie', who.cookie).send({ mapping: unpaid.body.mapping });
    await importsApi().post(`/api/imports/${unpaid.body.id}/commit`).set('Cookie', who.cookie);
    expect((await waitDone(who, `/api/imports/${unpaid.body.id}`)).body.status).toBe('done');

    const figures = async () => {
      const { recentActivity: _events, ...stats } = (await internal().get(`/internal/finance/${who.user.id}/stats`)).body;
      const [summary, report] = await Promise.all(
        ['/api/commissions/summary?months=24', '/api/commissions?months=24'].map(
          async (path) => (await api().get(path).set('Cookie', who.cookie)).body,
        ),
      );
      expect(summary).toEqual(report.summary);
      return { stats, summary, receivables: await receivablesOf(who, [start.slice(0, 7), today().slice(0, 7)]) };
    };
    const knex = stack.finance().knex;
    const totals = new MonthTotals(knex, new ReceivableSettingsService(knex));
    const summed = async () => {
      await totals.refresh();
      expect(await knex('instalment_months_dirty').where({ user_id: who.user.id }).count('* as n')).toEqual([{ n: '0' }]);
      expect(await knex('policy_months_dirty').where({ user_id: who.user.id }).count('* as n')).toEqual([{ n: '0' }]);
      return figures();
    };

    const fromRows = await figures();
    // The one paid R$ 1,00 short and the three unpaid past the 10 grace days (R$ 125,00 each).
    expect(fromRows.stats).toMatchObject({ activePolicies: 203, monthlyRevenue: 211458, openDifferences: { count: 4, amount: 37600 } });
    expect(fromRows.summary).toMatchObject({ activePolicies: 203, annualRevenue: 2537500 });
    const fromTotals = await summed();
    expect(await knex('instalment_months').where({ user_id: who.user.id }).sum('instalments as n')).toEqual([{ n: '203' }]);
    expect(fromTotals).toEqual(fromRows);

    // A wider tolerance: R$ 1,00 short is no longer a difference, read from the rows of the month it marked, then summed.
    const settle = async (graceDays: number) =>
      expect((await api().put('/api/receivables/settings').set('Cookie', who.cookie).send({ tolerance: '2.00', graceDays })).status).toBe(
        200,
      );
    await settle(10);
    const tolerant = await figures();
    expect(tolerant.stats.openDifferences).toEqual({ count: 3, amount: 37500 });
    expect(await summed()).toEqual(tolerant);
    // Grace days that end on the day they fell due: not yet past it; one day fewer: past it (a cut inside their month).
    const daysSince = Math.round((Date.parse(today()) - Date.parse(start)) / 86_400_000);
    await settle(daysSince);
    expect((await figures()).stats.openDifferences).toEqual({ count: 0, amount: 0 });
    expect((await summed()).stats.openDifferences).toEqual({ count: 0, amount: 0 });
    await settle(daysSince - 1);
    expect((await figures()).stats.openDifferences).toEqual({ count: 3, amount: 37500 });
    expect((await summed()).stats.openDifferences).toEqual({ count: 3, amount: 37500 });

    // A policy cancelled leaves the active figures at once, and after the job.
    const policies = (await api().get('/api/policies/page?pageSize=1').set('Cookie', who.cookie)).body.items as { id: number }[];
    expect((await api().post(`/api/policies/${policies[0]!.id}/cancel`).set('Cookie', who.cookie)).status).toBe(200);
    const cancelled = await figures();
    expect(cancelled.summary.activePolicies).toBe(202);
    expect(await summed()).toEqual(cancelled);

    // Another brokerage's totals hold nothing of this one.
    const other = await brokerWithRefs();
    const theirs = (await internal().get(`/internal/finance/${other.user.id}/stats`)).body;
    expect(theirs).toMatchObject({ activePolicies: 0, monthlyRevenue: 0, openDifferences: { count: 0, amount: 0 } });
    const month = start.slice(0, 7);
    const [summary, page, none] = await Promise.all(
      [
        `/api/receivables/summary?month=${month}`,
        `/api/receivables/instalments?month=${month}&insurerId=${porto}`,
        `/api/receivables/instalments?month=${month}&insurerId=none`,
      ].map(async (path) => (await api().get(path).set('Cookie', other.cookie)).body),
    );
    expect([summary.rows, summary.expected, page, none.total]).toEqual([[], '0.00', { items: [], total: 0, page: 1, pageSize: 50 }, 0]);
    // Bad input: the field's pt-BR message, never a 500.
    for (const [query, message] of [
      ['', 'Informe a seguradora.'],
      ['insurerId=abc', 'Seguradora inválida.'],
      ['insurerId=0', 'Seguradora inválida.'],
      [`insurerId=${porto}&pageSize=101`, 'Tamanho de página inválido'],
      [`insurerId=${porto}&page=0`, 'Página inválida'],
      [`insurerId=${porto}&month=2026-13`, 'Mês inválido: use AAAA-MM'],
    ]) {
      const answer = await api().get(`/api/receivables/instalments?${query}`).set('Cookie', who.cookie);
      expect([answer.status, answer.body.message]).toEqual([400, message]);
    }
  });
});

describe('chargeback rules per insurer', () => {
  test('Porto’s scale is seeded, another insurer has the default, a broker’s own scale is kept; the other broker gets 404', async () => {
    const who = await brokerWithRefs();
    const porto = who.refs.insurers.find((insurer) => insurer.name === 'Porto Seguro')!.id;
    const bradesco = who.refs.insurers.find((insurer) => insurer.name === 'Bradesco Seguros')!.id;
    expect((await cataloguesApi().get(`/api/insurers/${porto}/chargeback-rule`).set('Cookie', who.cookie)).body).toEqual({
      insurerId: porto,
      steps: PORTO_CHARGEBACK_STEPS,
      custom: false,
    });
    expect((await cataloguesApi().get(`/api/insurers/${bradesco}/chargeback-rule`).set('Cookie', who.cookie)).body.steps).toEqual([
      { untilMonth: 6, percent: 100 },
    ]);
    const invalid = await cataloguesApi()
      .put(`/api/insurers/${bradesco}/chargeback-rule`)
      .set('Cookie', who.cookie)
      .send({
        steps: [
          { untilMonth: 12, percent: 50 },
          { untilMonth: 6, percent: 100 },
        ],
      });
    expect(invalid.status).toBe(400);
    expect(invalid.body.issues).toEqual([{ path: 'steps', message: 'Os meses das faixas devem ser crescentes.' }]);
    expect(
      (
        await cataloguesApi()
          .put(`/api/insurers/${bradesco}/chargeback-rule`)
          .set('Cookie', who.cookie)
          .send({ steps: [{ untilMonth: 3, percent: 101 }] })
      ).status,
    ).toBe(400);
    const saved = await cataloguesApi()
      .put(`/api/insurers/${bradesco}/chargeback-rule`)
      .set('Cookie', who.cookie)
      .send({
        steps: [
          { untilMonth: 12, percent: 100 },
          { untilMonth: 24, percent: 33.33 },
        ],
      });
    expect(saved.body).toEqual({
      insurerId: bradesco,
      steps: [
        { untilMonth: 12, percent: 100 },
        { untilMonth: 24, percent: 33.33 },
      ],
      custom: true,
    });
    const other = await brokerWithRefs();
    expect((await cataloguesApi().get(`/api/insurers/${porto}/chargeback-rule`).set('Cookie', other.cookie)).status).toBe(404);
    expect(
      (
        await cataloguesApi()
          .put(`/api/insurers/${porto}/chargeback-rule`)
          .set('Cookie', other.cookie)
          .send({ steps: [{ untilMonth: 1, percent: 0 }] })
      ).status,
    ).toBe(404);
  });

  test('an instalment’s status: tolerance, grace days, estorno (integer cents)', () => {
    const base = {
      expectedCents: 12_500,
      hasChargeback: false,
      dueDate: '2026-03-10',
      today: '2026-03-20',
      graceDays: 10,
      toleranceCents: 5,
    };
    expect(instalmentStatus({ ...base, receivedCents: null })).toBe('pendente');
    expect(instalmentStatus({ ...base, receivedCents: null, today: '2026-03-21' })).toBe('nao_pago');
    expect(instalmentStatus({ ...base, receivedCents: 12_497 })).toBe('conciliado');
    expect(instalmentStatus({ ...base, receivedCents: 12_505 })).toBe('conciliado');
    expect(instalmentStatus({ ...base, receivedCents: 12_494 })).toBe('pago_a_menor');
    expect(instalmentStatus({ ...base, receivedCents: 12_400 })).toBe('pago_a_menor');
    expect(instalmentStatus({ ...base, receivedCents: 12_506 })).toBe('pago_a_maior');
    expect(instalmentStatus({ ...base, receivedCents: 0, hasChargeback: true })).toBe('estorno');
    expect(csvCell('-12,50')).toBe('-12,50');
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  test('month arithmetic: cancelled in month 8 of a Porto policy returns 75%', () => {
    expect(cancellationMonth('2026-01-15', '2026-08-20')).toBe(8);
    expect(cancellationMonth('2026-01-15', '2026-08-14')).toBe(7);
    expect(cancellationMonth('2026-01-15', '2026-01-15')).toBe(1);
    expect(chargebackPercent(PORTO_CHARGEBACK_STEPS, 6)).toBe(100);
    expect(chargebackPercent(PORTO_CHARGEBACK_STEPS, 8)).toBe(75);
    expect(chargebackPercent(PORTO_CHARGEBACK_STEPS, 36)).toBe(15);
    expect(chargebackPercent(PORTO_CHARGEBACK_STEPS, 37)).toBe(0);
  });

  test('a Porto policy cancelled in its month 8 expects 75% of its commission back, in the activity feed', async () => {
    const who = await brokerWithRefs();
    const porto = who.refs.insurers.find((insurer) => insurer.name === 'Porto Seguro')!.id;
    // Started 7 months and 5 days ago: today is in its month 8.
    const start = addMonths(today(), -7);
    const started = new Date(`${start}T12:00:00Z`);
    started.setUTCDate(started.getUTCDate() - 5);
    await importBook(who, porto, started.toISOString().slice(0, 10));
    const policies = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { id: number; policyNumber: string }[];
    const policy = policies.find((entry) => entry.policyNumber === 'AP-0001')!;
    const cancelled = await api().post(`/api/policies/${policy.id}/cancel`).set('Cookie', who.cookie);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      cancelledOn: today(),
      chargebackPercent: '75.00',
      chargebackExpected: '93.75',
    });
    const dashboard = await brokerApi().get('/api/dashboard/stats').set('Cookie', who.cookie);
    expect(dashboard.body.recentActivity[0]).toMatchObject({
      type: 'policy_chargeback',
      subject: 'AP-0001',
      detail: 'Estorno previsto de R$ 93,75 (75,00%)',
    });
    const report = await api()
      .get(`/api/receivables?month=${today().slice(0, 7)}`)
      .set('Cookie', who.cookie);
    expect(report.body.chargebacks).toBe('93.75');
  });
});

describe('CSV exports for Excel pt-BR', () => {
  test('policies.csv, commissions.csv and receivables.csv: ;, BOM, decimal commas, dd/mm/aaaa', async () => {
    const who = await brokerWithRefs();
    const porto = who.refs.insurers.find((insurer) => insurer.name === 'Porto Seguro')!.id;
    await importBook(who, porto, '2026-03-10');
    const policies = await api().get('/api/policies.csv').set('Cookie', who.cookie);
    expect(policies.status).toBe(200);
    expect(policies.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = policies.text.split('\r\n');
    expect(lines[0]!.startsWith('\uFEFFApólice;Cliente;Ramo;Seguradora;Início')).toBe(true);
    // The last column, Responsável, is blank: this test's broker is not one of identity's members.
    expect(lines).toContain('AP-0001;Cliente 1;Auto;Porto Seguro;10/03/2026;10/03/2027;1073,80;1000,00;12,50%;;Ativa;;;;Informado;');
    const commissions = await api().get('/api/commissions.csv').set('Cookie', who.cookie);
    expect(commissions.text.split('\r\n')[1]).toMatch(/^AP-\d{4};Cliente \d+;Auto;1073,80;1000,00;125,00;Percentual;12,50%;10\/03\/2027;/);
    const receivables = await api().get('/api/receivables.csv?month=2026-03').set('Cookie', who.cookie);
    expect(receivables.headers['content-disposition']).toBe('attachment; filename="recebiveis-2026-03.csv"');
    expect(receivables.text.split('\r\n')[1]).toBe('Porto Seguro;AP-0001;Cliente 1;1;10/03/2026;125,00;;;Não pago;;;');
    expect((await api().get('/api/receivables.csv?month=2026-13').set('Cookie', who.cookie)).status).toBe(400);
  });
});

describe('statements the pipeline ran before #36', () => {
  test('arrive through finance’s internal door with their id, and are finance’s statements from then on', async () => {
    const who = await brokerWithRefs();
    const porto = who.refs.insurers.find((insurer) => insurer.name === 'Porto Seguro')!.id;
    const finishedAt = new Date(Date.now() - 86_400_000).toISOString();
    const counts = { create: 1, update: 0, skip: 0, duplicate: 0, error: 0 };
    const part = {
      import: {
        ...{ id: 900_001, kind: 'statement', insurerId: porto, createdBy: who.user.email, status: 'done', fileName: 'antigo.csv' },
        ...{ encoding: 'windows-1252', delimiter: ';', sheet: null, sheets: [], headers: ['Nº Apólice', 'Valor Líquido'] },
        ...{ headerKey: 'a'.repeat(64), mapping: { policyNumber: 'Nº Apólice' }, insurerMap: {}, mode: 'upsert', totalRows: 1 },
        ...{ cellChars: 20, counts, applied: counts, processed: 1, unknownInsurers: [], undoKept: [], error: null },
        ...{ createdAt: finishedAt, startedAt: finishedAt, heartbeatAt: finishedAt, finishedAt, undoneAt: null, rowsPurgedAt: null },
      },
      rows: [
        {
          ...{ line: 2, cells: ['AP-1', '120,62'], outcome: 'create', errors: [], reason: 'Não identificada', targetId: null },
          ...{ record: null, applied: 'created', previous: null, appliedAt: finishedAt },
        },
      ],
      mappings: [
        {
          kind: 'statement',
          headerKey: 'b'.repeat(64),
          mapping: { policyNumber: 'Nº Apólice' },
          insurerMap: {},
          mode: 'upsert',
          updatedAt: finishedAt,
        },
      ],
    };
    const path = `/internal/finance/${who.user.id}/imports/handed-over`;
    expect((await internal().post(path).send(part)).body).toEqual({ id: 900_001 });
    // Sent again (a retry): the same import, nothing twice.
    expect((await internal().post(path).send(part)).body).toEqual({ id: 900_001 });
    const listed = (await api().get('/api/statements').set('Cookie', who.cookie)).body as { id: number; fileName: string }[];
    expect(listed.filter((entry) => entry.id === 900_001)).toMatchObject([{ fileName: 'antigo.csv', insurerId: porto }]);
    const detail = await api().get('/api/statements/900001').set('Cookie', who.cookie);
    expect(detail.body).toMatchObject({ status: 'done', totalRows: 1, rows: [{ line: 2, values: { 'Nº Apólice': 'AP-1' } }] });
    expect((await api().delete('/api/statements/900001').set('Cookie', who.cookie)).body.status).toBe('undone');
    // Another broker's session never sees it; a malformed part is a 400, never a 500.
    const other = await brokerWithRefs();
    expect((await api().get('/api/statements/900001').set('Cookie', other.cookie)).status).toBe(404);
    expect(
      (
        await internal()
          .post(path)
          .send({ ...part, import: { ...part.import, kind: 'sheets' } })
      ).status,
    ).toBe(400);
    expect((await internal().post(path).send({ import: null, rows: 'x', mappings: [] })).status).toBe(400);
  });
});

describe('clients by CPF/CNPJ, asked of the pipeline for a statement line', () => {
  test('only the broker’s own contacts; malformed, huge or parallel asks are a 400 or the same answer, never a 500', async () => {
    const who = await brokerWithRefs();
    const other = await brokerWithRefs();
    const document = cpf(4242);
    const created = await pipelineApi()
      .post('/api/contacts')
      .set('Cookie', who.cookie)
      .send({ kind: 'pf', name: 'Cliente Extrato', phone: '11987654321', cpf: document });
    expect(created.status).toBe(201);
    const ask = (userId: string, body: unknown) =>
      request(stack.services.pipeline!.internalApp.callback())
        .post(`/internal/pipeline/${userId}/contacts/by-document`)
        .set('x-internal-token', TEST_INTERNAL_TOKEN)
        .send(body as object);
    expect((await ask(who.user.id, { documents: [document] })).body).toEqual([{ document, contactIds: [created.body.id] }]);
    // Another brokerage's asking for the same CPF finds nothing of this one.
    expect((await ask(other.user.id, { documents: [document] })).body).toEqual([]);
    for (const body of [{ documents: ["1' or 1=1 --"] }, { documents: 'x' }, {}, { documents: Array(2001).fill(document) }]) {
      const answer = await ask(who.user.id, body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    // Without the token: refused.
    expect(
      (
        await request(stack.services.pipeline!.internalApp.callback())
          .post(`/internal/pipeline/${who.user.id}/contacts/by-document`)
          .send({ documents: [] })
      ).status,
    ).toBe(403);
    const parallel = await Promise.all(Array.from({ length: 20 }, () => ask(who.user.id, { documents: [document, document] })));
    expect(new Set(parallel.map((answer) => JSON.stringify([answer.status, answer.body])))).toEqual(
      new Set([JSON.stringify([200, [{ document, contactIds: [created.body.id] }]])]),
    );
  });
});
