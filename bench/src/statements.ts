/**
 * `npm run bench:statements`: matching an insurer's 10,000-line statement against 50,000 instalments,
 * through nginx (target ≤ 5 s).
 * - The book: 10,000 Porto policies brought in by the policies import (their clients with CPFs),
 *   each then given 5 parcelas: 50,000 instalments.
 * - The statement: ';', Windows-1252, decimal commas; 90% of the lines by policy number and
 *   instalment, 5% under a number the insurer wrote differently (found by the client's CPF and the
 *   amount), 5% matching nothing (não identificado).
 * - Measured: upload + mapping until the preview answers every line's match (the matching), then the
 *   commit until done. Floor, in the same run: the same join in plain SQL (the lines in a temporary
 *   table, joined to policies by insurer and normalised number and to instalments by number).
 * A benchmark, never a test: it prints what it measured and the targets.
 */
import pg from 'pg';
import { runBench } from './bench-stack';
import { cpfOf, onboardedBroker } from './broker';

const POLICIES = Number(process.env.BENCH_STATEMENT_POLICIES ?? 10_000);
const INSTALMENTS = 5;
const LINES = Number(process.env.BENCH_STATEMENT_LINES ?? 10_000);

const brDate = (iso: string) => iso.split('-').reverse().join('/');
const number = (index: number) => `PS-${String(index).padStart(7, '0')}`;

async function waitDone(url: string, cookie: string): Promise<{ status: string; applied: unknown }> {
  for (;;) {
    const detail = (await (await fetch(`${url}?limit=0`, { headers: { Cookie: cookie } })).json()) as { status: string; applied: unknown };
    if (detail.status !== 'running') return detail;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function upload(url: string, cookie: string, form: FormData): Promise<{ id: number; mapping: Record<string, string> }> {
  const created = await fetch(url, { method: 'POST', headers: { Cookie: cookie }, body: form });
  if (created.status !== 201) throw new Error(`upload: ${created.status} ${await created.text()}`);
  return (await created.json()) as { id: number; mapping: Record<string, string> };
}

runBench('statements', async (running, log) => {
  const url = running.nginx.url;
  const { cookie, userId } = await onboardedBroker(url, 'statements');
  const refs = (await (await fetch(`${url}/api/reference-data`, { headers: { Cookie: cookie } })).json()) as {
    insurers: { id: number; name: string }[];
  };
  const porto = refs.insurers.find((insurer) => insurer.name === 'Porto Seguro')!.id;
  const start = '2026-01-10';

  // The book: the policies import (clients with CPFs), then 5 parcelas each.
  const book = [
    'Apólice;Seguradora;CPF;Segurado;Ramo;Início;Fim;Prêmio Líquido;Prêmio Total;% Comissão',
    ...Array.from(
      { length: POLICIES },
      (_, index) => `${number(index)};Porto Seguro;${cpfOf(index)};Cliente ${index};Auto;10/01/2026;10/01/2027;1.000,00;1.073,80;12,5`,
    ),
  ].join('\r\n');
  const policiesForm = new FormData();
  policiesForm.set('kind', 'policies');
  policiesForm.set('file', new Blob([new Uint8Array(Buffer.from(book, 'latin1'))]), 'carteira.csv');
  const policiesImport = await upload(`${url}/api/imports`, cookie, policiesForm);
  await fetch(`${url}/api/imports/${policiesImport.id}/mapping`, {
    method: 'PUT',
    headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify({ mapping: policiesImport.mapping }),
  });
  await fetch(`${url}/api/imports/${policiesImport.id}/commit`, { method: 'POST', headers: { Cookie: cookie } });
  log(`book: ${JSON.stringify((await waitDone(`${url}/api/imports/${policiesImport.id}`, cookie)).applied)}`);
  const admin = new pg.Client({ connectionString: running.stack.databaseUrl });
  // Closed by the stack's stop when the run fails: the run's own error is the one to print.
  admin.on('error', () => undefined);
  await admin.connect();
  await admin.query('delete from finance.policy_instalments where user_id = $1', [userId]);
  await admin.query(
    `insert into finance.policy_instalments (user_id, policy_id, number, due_date, premium, expected_commission)
     select p.user_id, p.id, n, ($2::date + (n - 1) * interval '1 month')::date, round(p.premium / $3::int, 2), 25.00
       from finance.policies p cross join generate_series(1, $3::int) as n where p.user_id = $1`,
    [userId, start, INSTALMENTS],
  );
  await admin.query('vacuum analyze finance.policies, finance.policy_instalments, pipeline.contacts');
  const counted = await admin.query('select count(*)::int as n from finance.policy_instalments where user_id = $1', [userId]);
  log(`instalments: ${counted.rows[0].n}`);

  // The statement.
  const lines: { policy: string; instalment: number; cpf: string; gross: number }[] = [];
  for (let index = 0; index < LINES; index += 1) {
    const policy = index % POLICIES;
    const instalment = 1 + (Math.floor(index / POLICIES) % INSTALMENTS);
    if (index % 20 === 5) lines.push({ policy: `X${index}`, instalment, cpf: cpfOf(policy), gross: 2500 });
    else if (index % 20 === 9) lines.push({ policy: `NADA-${index}`, instalment, cpf: '', gross: 2500 });
    else lines.push({ policy: number(policy), instalment, cpf: '', gross: 2500 });
  }
  const text = [
    'Nº Apólice;Endosso;Parcela;CPF/CNPJ;Comissão Bruta;ISS;IRRF;Valor Líquido;Data Pagamento;Tipo Lançamento',
    ...lines.map((line) => `${line.policy};0;${line.instalment};${line.cpf};25,00;0,50;0,38;24,12;${brDate('2026-02-15')};Comissão`),
  ].join('\r\n');

  // The floor: the same join in plain SQL.
  await admin.query('create temporary table bench_lines (line int, policy_key text, instalment int)');
  await admin.query(
    `insert into bench_lines select x.line, nullif(ltrim(regexp_replace(upper(x.policy), '[^0-9A-Z]', '', 'g'), '0'), ''), x.instalment
       from jsonb_to_recordset($1::jsonb) as x(line int, policy text, instalment int)`,
    [JSON.stringify(lines.map((line, index) => ({ line: index + 2, policy: line.policy, instalment: line.instalment })))],
  );
  await admin.query('analyze bench_lines');
  const floorStarted = performance.now();
  const floor = await admin.query(
    `select l.line, i.id from bench_lines l
       left join finance.policies p on p.user_id = $1 and p.insurer_id = $2 and p.policy_key = l.policy_key
       left join finance.policy_instalments i on i.policy_id = p.id and i.number = l.instalment`,
    [userId, porto],
  );
  const floorMs = performance.now() - floorStarted;
  log(`floor: plain SQL join of ${floor.rowCount} lines: ${floorMs.toFixed(0)} ms`);
  await admin.end();

  const previewStarted = performance.now();
  const form = new FormData();
  form.set('insurerId', String(porto));
  form.set('file', new Blob([new Uint8Array(Buffer.from(text, 'latin1'))]), 'extrato-porto.csv');
  const statement = await upload(`${url}/api/statements`, cookie, form);
  const mapped = await fetch(`${url}/api/statements/${statement.id}/mapping`, {
    method: 'PUT',
    headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify({ mapping: statement.mapping }),
  });
  if (mapped.status !== 200) throw new Error(`mapping: ${mapped.status} ${await mapped.text()}`);
  const preview = (await mapped.json()) as { counts: Record<string, number> };
  const previewMs = performance.now() - previewStarted;
  log(`preview (matching): ${previewMs.toFixed(0)} ms, ${JSON.stringify(preview.counts)}`);
  const commitStarted = performance.now();
  await fetch(`${url}/api/statements/${statement.id}/commit`, { method: 'POST', headers: { Cookie: cookie } });
  const done = await waitDone(`${url}/api/statements/${statement.id}`, cookie);
  const commitMs = performance.now() - commitStarted;
  log(`commit: ${commitMs.toFixed(0)} ms, ${done.status}, ${JSON.stringify(done.applied)}`);
  const month = await (await fetch(`${url}/api/receivables?month=2026-01`, { headers: { Cookie: cookie } })).json();
  const { received, openDifferences } = month as { received: string; openDifferences: number };
  log(`receivables 2026-01: received ${received}, open differences ${openDifferences}`);

  console.log(
    `\n${LINES} statement lines against ${POLICIES * INSTALMENTS} instalments through nginx; floor: the same join in plain SQL, ${floorMs.toFixed(0)} ms`,
  );
  console.table([
    {
      what: 'matching (upload + mapping -> every line matched)',
      measured: `${(previewMs / 1000).toFixed(2)} s`,
      'ratio to SQL floor': (previewMs / floorMs).toFixed(1),
      target: '≤ 5 s',
    },
    {
      what: 'commit (confirm -> done)',
      measured: `${(commitMs / 1000).toFixed(2)} s`,
      'ratio to SQL floor': (commitMs / floorMs).toFixed(1),
      target: '',
    },
  ]);
});
