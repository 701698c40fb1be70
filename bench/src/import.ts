/**
 * `npm run bench:import`: a broker brings a 50,000-row contacts file in, through nginx.
 * - The file: ';' separated, Windows-1252, as Excel in pt-BR saves it; ~10% of the rows repeat an
 *   earlier person (the CPF written the other way), ~2% are bad (an invalid CPF).
 * - Preview: upload + mapping until the preview answers (target ≤ 10 s); commit: confirm until
 *   'done' (target ≤ 60 s). Each against a floor measured in the same run: COPY of the same rows
 *   into a bare table of text columns on the same database (pg-copy-streams).
 * - Memory: the pipeline service's RSS growth from before the upload to its peak (target ≤ 150 MB).
 * - Reads while the commit runs: p99 of the board and the contacts list against their idle p99
 *   (target < 2×).
 * - Expansion (#33): XLSX files of a few KB whose cells all point at one shared string: one past
 *   the file's bound (20,000 cells × 5,000 characters: refused, nothing stored) and one at it
 *   (100,000 rows × 2 cells × 159 characters ≈ 31.8 M characters: stored). For each, what the
 *   database grew by (pipeline's import tables) and the pipeline's RSS growth, against the same
 *   characters COPYed as text into a bare table (the floor of storing them at all).
 * A benchmark, never a test: it prints what it measured and the targets.
 */
import { chmod, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline as streamPipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { IMPORT_LIMITS } from '@corretora/contracts';
import { xlsxWorkbook } from '@corretora/service-kit/file-samples';
import { startBenchStack } from './bench-stack';
import { cpfOf, onboardedBroker } from './broker';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);

const formatted = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

/** The rows as cells, and the file (Windows-1252, ';', CRLF). */
function generate(count: number): { rows: string[][]; file: Buffer } {
  const header = ['Nome', 'CPF', 'E-mail', 'Celular', 'Data de Nascimento', 'Cidade', 'UF', 'Observações'];
  const rows: string[][] = [];
  for (let index = 0; index < count; index += 1) {
    if (index % 50 === 7) rows.push([`Cliente Inválido ${index}`, '123.456.789-00', '', '', '', '', '', '']);
    else if (index % 10 === 3 && index > 10) rows.push([`Cliente ${index - 3} da Conceição`, cpfOf(index - 3), '', '', '', '', '', '']);
    else
      rows.push([
        `Cliente ${index} da Conceição`,
        formatted(cpfOf(index)),
        `cliente${index}@exemplo.com.br`,
        `(11) 9${String(10_000_000 + index).slice(-8, -4)}-${String(index).padStart(4, '0').slice(-4)}`,
        `${String(1 + (index % 28)).padStart(2, '0')}/${String(1 + (index % 12)).padStart(2, '0')}/${1950 + (index % 50)}`,
        index % 3 === 0 ? 'São Paulo' : 'Niterói',
        index % 3 === 0 ? 'SP' : 'RJ',
        'Importado do sistema antigo; cliente desde 2010',
      ]);
  }
  const text = [header, ...rows]
    .map((cells) => cells.map((cell) => (/[;"\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(';'))
    .join('\r\n');
  return { rows, file: Buffer.from(`${text}\r\n`, 'latin1') };
}

/** The floor: the same rows COPYed into a bare table of text columns. */
async function copyFloor(databaseUrl: string, rows: string[][]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('drop table if exists public.bench_import_floor');
    await client.query(
      'create table public.bench_import_floor (name text, cpf text, email text, phone text, birth text, city text, state text, notes text)',
    );
    const escape = (cell: string) => cell.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
    const started = performance.now();
    const stream = client.query(copyFrom('copy public.bench_import_floor from stdin'));
    await streamPipeline(
      Readable.from(
        (function* () {
          for (let start = 0; start < rows.length; start += 1000)
            yield (
              rows
                .slice(start, start + 1000)
                .map((cells) => cells.map(escape).join('\t'))
                .join('\n') + '\n'
            );
        })(),
      ),
      stream,
    );
    const elapsed = performance.now() - started;
    await client.query('drop table public.bench_import_floor');
    return elapsed;
  } finally {
    await client.end();
  }
}

/** RSS of a process and its descendants (tsx runs the service in a child node), in bytes. */
async function treeRss(pid: number): Promise<number> {
  const children = new Map<number, number[]>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.pop()!;
    try {
      const status = await readFile(`/proc/${current}/status`, 'utf8');
      total += Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      // gone meanwhile
    }
    queue.push(...(children.get(current) ?? []));
  }
  return total;
}

const p99 = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
};

/** Samples a process tree's RSS every `everyMs` until stopped: its value before, and its peak so far. */
async function sampleRss(pid: number, everyMs: number) {
  const before = await treeRss(pid);
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await treeRss(pid));
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    before,
    peak: () => peak,
    async stop() {
      sampling = false;
      await sampler;
      return peak;
    },
  };
}

async function timed(url: string, cookie: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { Cookie: cookie } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}

/** Bytes of pipeline's import tables (heap, indexes, TOAST). */
async function importTablesBytes(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ bytes: string }>(
      "select pg_total_relation_size('pipeline.import_rows') + pg_total_relation_size('pipeline.imports') as bytes",
    );
    return Number(rows[0]!.bytes);
  } finally {
    await client.end();
  }
}

/** The same characters as text in a bare table, COPYed: what storing them costs at the least. */
async function textFloorBytes(databaseUrl: string, rows: number, cells: readonly string[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('drop table if exists public.bench_expansion_floor');
    await client.query('create table public.bench_expansion_floor (a text, b text)');
    const line = `${cells.join('\t')}\n`;
    await streamPipeline(
      Readable.from(
        (function* () {
          for (let index = 0; index < rows; index += 1) yield line;
        })(),
      ),
      client.query(copyFrom('copy public.bench_expansion_floor from stdin')),
    );
    const { rows: size } = await client.query<{ bytes: string }>("select pg_total_relation_size('public.bench_expansion_floor') as bytes");
    await client.query('drop table public.bench_expansion_floor');
    return Number(size[0]!.bytes);
  } finally {
    await client.end();
  }
}

async function measureExpansion(url: string, databaseUrl: string, pid: number, log: (line: string) => void) {
  const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  // A broker of its own: the first one's book already holds rows.
  const { cookie } = await onboardedBroker(url, 'expansion');
  const cases = [
    {
      name: 'past the bound: 10,000 rows × 2 cells × 5,000 chars (100 M)',
      rows: 10_000,
      cells: ['x'.repeat(IMPORT_LIMITS.cellChars), 'x'.repeat(IMPORT_LIMITS.cellChars)],
    },
    // A name and a note each row (every row a contact to create), then previewed: what the rows and their records hold.
    { name: 'at the bound: 99,999 rows × (60 + 258 chars) (31.8 M), previewed', rows: 99_999, cells: ['N'.repeat(60), 'y'.repeat(258)] },
  ];
  const results = [];
  for (const entry of cases) {
    const file = xlsxWorkbook({ Plan1: [['Nome', 'Observações'], ...Array.from({ length: entry.rows }, () => entry.cells)] });
    const before = await importTablesBytes(databaseUrl);
    const rss = await sampleRss(pid, 50);
    const started = performance.now();
    const form = new FormData();
    form.set('kind', 'contacts');
    form.set('file', new Blob([new Uint8Array(file)]), 'expande.xlsx');
    const answer = await fetch(`${url}/api/imports`, { method: 'POST', headers: { Cookie: cookie }, body: form });
    const body = (await answer.json()) as { message?: string; id?: number; mapping?: Record<string, string> };
    if (answer.status === 201) {
      const mapped = await fetch(`${url}/api/imports/${body.id}/mapping`, {
        method: 'PUT',
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify({ mapping: body.mapping, mode: 'upsert' }),
      });
      if (mapped.status !== 200) throw new Error(`mapping: ${mapped.status} ${await mapped.text()}`);
    }
    const ms = performance.now() - started;
    const rssPeak = await rss.stop();
    const grown = (await importTablesBytes(databaseUrl)) - before;
    const floor = await textFloorBytes(databaseUrl, entry.rows, entry.cells);
    log(`${entry.name}: ${answer.status} in ${ms.toFixed(0)} ms${body.message ? ` (${body.message})` : ''}`);
    results.push({
      workbook: `${entry.name}, ${(file.length / 1024).toFixed(0)} KiB`,
      answer: answer.status,
      'database growth': mib(grown),
      'floor (same text COPYed)': mib(floor),
      'ratio to floor': (grown / floor).toFixed(2),
      'pipeline RSS growth': `${((rssPeak - rss.before) / 1_000_000).toFixed(0)} MB`,
      target: answer.status === 413 ? '413, growth ≈ 0' : 'stored: the stated bound (README)',
    });
  }
  return results;
}

async function main(): Promise<void> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'corretora-bench-import-'));
  await chmod(workDir, 0o755);
  let running: Awaited<ReturnType<typeof startBenchStack>> | undefined;
  try {
    const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
    running = await startBenchStack({ workDir, log, logLevel: 'warn' });
    const { stack, nginx } = running;
    const url = nginx.url;
    const { cookie } = await onboardedBroker(url, 'import');
    // A board and a list to read meanwhile: 200 leads.
    const refs = (await (await fetch(`${url}/api/reference-data`, { headers: { Cookie: cookie } })).json()) as {
      products: { id: number }[];
      leadSources: { id: number }[];
      pipelineStages: { id: number }[];
    };
    for (let index = 0; index < 200; index += 1) {
      const response = await fetch(`${url}/api/pipeline`, {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: `Lead ${index}`,
          phone: `(21) 9${String(10_000_000 + index).slice(-8, -4)}-${String(index).padStart(4, '0')}`,
          leadSourceId: refs.leadSources[0]!.id,
          productId: refs.products[0]!.id,
          stageId: refs.pipelineStages[0]!.id,
        }),
      });
      if (response.status !== 201) throw new Error(`lead: ${response.status} ${await response.text()}`);
    }
    const reads = [`${url}/api/pipeline`, `${url}/api/contacts?page=1&pageSize=25`];
    const idle: number[][] = reads.map(() => []);
    for (let round = 0; round < 150; round += 1) for (const [index, read] of reads.entries()) idle[index]!.push(await timed(read, cookie));

    const { rows, file } = generate(ROWS);
    log(`file: ${ROWS} rows, ${(file.length / 1024 / 1024).toFixed(1)} MiB, Windows-1252`);
    const floorMs = await copyFloor(stack.databaseUrl, rows);
    log(`floor: COPY of the same rows into a bare table: ${floorMs.toFixed(0)} ms`);

    const pid = stack.services.find((entry) => entry.name === 'pipeline')!.pid!;
    const rss = await sampleRss(pid, 100);
    const rssBefore = rss.before;

    const previewStarted = performance.now();
    const form = new FormData();
    form.set('kind', 'contacts');
    form.set('file', new Blob([new Uint8Array(file)]), 'carteira.csv');
    const created = await fetch(`${url}/api/imports`, { method: 'POST', headers: { Cookie: cookie }, body: form });
    if (created.status !== 201) throw new Error(`upload: ${created.status} ${await created.text()}`);
    const upload = (await created.json()) as { id: number; mapping: Record<string, string>; encoding: string };
    const uploadMs = performance.now() - previewStarted;
    const peakAfterUpload = rss.peak();
    const mapped = await fetch(`${url}/api/imports/${upload.id}/mapping`, {
      method: 'PUT',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ mapping: upload.mapping, mode: 'upsert' }),
    });
    if (mapped.status !== 200) throw new Error(`mapping: ${mapped.status} ${await mapped.text()}`);
    const preview = (await mapped.json()) as { counts: Record<string, number> };
    const previewMs = performance.now() - previewStarted;
    log(`preview: ${previewMs.toFixed(0)} ms (upload and read ${uploadMs.toFixed(0)} ms), ${JSON.stringify(preview.counts)}`);

    const peakAfterPreview = rss.peak();
    const commitStarted = performance.now();
    const committed = await fetch(`${url}/api/imports/${upload.id}/commit`, { method: 'POST', headers: { Cookie: cookie } });
    if (committed.status !== 202) throw new Error(`commit: ${committed.status} ${await committed.text()}`);
    const busy: number[][] = reads.map(() => []);
    let status = 'running';
    let applied: Record<string, number> | null = null;
    while (status === 'running') {
      for (const [index, read] of reads.entries()) busy[index]!.push(await timed(read, cookie));
      const detail = (await (await fetch(`${url}/api/imports/${upload.id}?limit=0`, { headers: { Cookie: cookie } })).json()) as {
        status: string;
        applied: Record<string, number> | null;
      };
      status = detail.status;
      applied = detail.applied;
    }
    const commitMs = performance.now() - commitStarted;
    const rssPeak = await rss.stop();
    log(`commit: ${commitMs.toFixed(0)} ms, ${status}, ${JSON.stringify(applied)}`);
    const mb = (bytes: number) => `${((bytes - rssBefore) / 1_000_000).toFixed(0)} MB`;
    log(
      `pipeline RSS growth: peak by the upload ${mb(peakAfterUpload)}, by the preview ${mb(peakAfterPreview)}, by the commit ${mb(rssPeak)}`,
    );
    // Statistics of the grown tables, as autovacuum leaves them shortly after: the idle reads after
    // the import are then measured without autovacuum's own work in the way.
    const admin = new pg.Client({ connectionString: stack.databaseUrl });
    await admin.connect();
    await admin.query('vacuum analyze pipeline.contacts, pipeline.import_rows, pipeline.notes');
    await admin.end();

    // Idle again, now with the imported contacts: a list of 44,000 contacts costs more to read than
    // one of 200 whatever else runs, so the commit's reads are compared with the larger of the two.
    const after: number[][] = reads.map(() => []);
    for (let round = 0; round < 150; round += 1) for (const [index, read] of reads.entries()) after[index]!.push(await timed(read, cookie));
    const idleP99 = (index: number) => Math.max(p99(idle[index]!), p99(after[index]!));
    const growthMiB = (rssPeak - rssBefore) / 1_000_000;
    const table = [
      {
        what: 'preview (upload + mapping -> preview)',
        measured: `${(previewMs / 1000).toFixed(2)} s`,
        'ratio to COPY floor': (previewMs / floorMs).toFixed(1),
        target: '≤ 10 s',
      },
      {
        what: 'commit (confirm -> done)',
        measured: `${(commitMs / 1000).toFixed(2)} s`,
        'ratio to COPY floor': (commitMs / floorMs).toFixed(1),
        target: '≤ 60 s',
      },
      {
        what: 'pipeline RSS growth (peak - before)',
        measured: `${growthMiB.toFixed(0)} MB`,
        'ratio to COPY floor': '',
        target: '≤ 150 MB',
      },
      ...reads.map((read, index) => ({
        what: `p99 ${new URL(read).pathname} during the commit / idle`,
        measured: `${p99(busy[index]!).toFixed(1)} / ${idleP99(index).toFixed(1)} ms (idle before ${p99(idle[index]!).toFixed(1)}, after ${p99(after[index]!).toFixed(1)}; ${busy[index]!.length} reads)`,
        'ratio to COPY floor': `${(p99(busy[index]!) / Math.max(0.001, idleP99(index))).toFixed(2)}× idle`,
        target: '< 2× idle',
      })),
    ];
    console.log(`\nImport of ${ROWS} contact rows through nginx; floor: COPY of the same rows, ${floorMs.toFixed(0)} ms`);
    console.table(table);

    // Expansion: the bound holds whatever a small workbook points at.
    const expansion = await measureExpansion(url, stack.databaseUrl, pid, log);
    console.log('\nXLSX that expand (#33): database growth of the import tables and pipeline RSS growth, one upload each');
    console.table(expansion);
  } finally {
    await running?.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
