import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  IMPORT_ABANDONED_HOURS,
  IMPORT_FIELDS,
  IMPORT_FIELD_INFO,
  IMPORT_LIMITS,
  IMPORT_OUTCOMES,
  IMPORT_UNDO_DAYS,
  NOT_FOUND,
  REQUIRED_IMPORT_FIELDS,
  comparableName,
  type FieldIssue,
  type ImportCounts,
  type ImportCreated,
  type ImportDetail,
  type ImportFieldsInput,
  type StatementFieldsInput as StatementFields,
  type ImportKind,
  type ImportMappingInput,
  type ImportMode,
  type ImportOutcome,
  type ImportRowResult,
  type ImportRowsQuery,
  type ImportStatus,
  type ImportSummary,
  type UnknownInsurer,
} from '@corretora/contracts';
import {
  BrokerScopedTable,
  HttpError,
  csvDocument,
  recordActivity,
  schedulePasses,
  type SessionUser,
  type UploadedFile,
} from '@corretora/service-kit';
import type { Knex } from 'knex';
import type { SheetRow } from './contact-import';
import type { AppliedRow, ImportKinds, ReferenceSource } from './import-kinds';
import { readSheetFile, type SheetFile } from './sheet-file';
import { SheetFileError } from './xlsx-reader';

export const IMPORT_NOT_FOUND = NOT_FOUND.import;
const ALREADY_COMMITTED = 'Esta importação já foi confirmada: o mapeamento não pode mudar.';
const WRITE_CHUNK = 5000;
/** A chunk of rows written or read at once also stops at this many characters of cells (memory stays flat). */
const CHUNK_CHARS = 4_000_000;
/** Rows a preview reads at once (20,000 characters each at most: 40 M characters). */
const READ_CHUNK = 2000;
const ACCOUNT_FULL = `As importações guardadas da corretora passam de ${(IMPORT_LIMITS.accountChars / 1_000_000).toLocaleString('pt-BR')} milhões de caracteres: conclua ou descarte as que estão em pré-visualização (ou aguarde o fim do prazo de desfazer) antes de enviar outra.`;
/** A running import whose worker has not beaten for this long is taken over (the process died). */
const STALE_SECONDS = 60;

interface ImportRow {
  id: number;
  kind: ImportKind;
  insurerId: number | null;
  status: ImportStatus;
  createdBy: string | null;
  fileName: string;
  encoding: string;
  delimiter: string | null;
  sheet: string | null;
  sheets: string[];
  headers: string[];
  headerKey: string;
  mapping: Record<string, string>;
  insurerMap: Record<string, number>;
  mode: ImportMode;
  totalRows: number;
  counts: ImportCounts | null;
  applied: ImportCounts | null;
  processed: number;
  unknownInsurers: UnknownInsurer[];
  undoKept: ImportDetail['undoKept'];
  error: string | null;
  createdAt: Date;
  heartbeatAt: Date | null;
  finishedAt: Date | null;
  undoneAt: Date | null;
  rowsPurgedAt: Date | null;
}

const zeroCounts = (): ImportCounts => Object.fromEntries(IMPORT_OUTCOMES.map((outcome) => [outcome, 0])) as ImportCounts;

/** The same headers in any order and spelling of case/accents: one remembered mapping. */
export function headerKey(kind: ImportKind, headers: readonly string[], insurerId: number | null = null): string {
  const names = headers.map(comparableName).sort();
  // A statement's mapping is remembered per insurer: each insurer writes its own layout.
  return createHash('sha256')
    .update(JSON.stringify(insurerId === null ? [kind, names] : [kind, insurerId, names]))
    .digest('hex');
}

/** field -> header, from the headers' words (each header used once; exact words first, then containment). */
export function suggestMapping(kind: ImportKind, headers: readonly string[]): Record<string, string> {
  const mapping: Record<string, string> = {};
  const used = new Set<string>();
  const info = IMPORT_FIELD_INFO[kind];
  const comparable = headers.map((header) => ({ header, name: comparableName(header) }));
  for (const pass of ['exact', 'contains'] as const) {
    for (const field of IMPORT_FIELDS[kind]) {
      if (mapping[field]) continue;
      const words = (info[field]?.headers ?? []).map(comparableName);
      const found = comparable.find(
        ({ header, name }) =>
          !used.has(header) &&
          words.some((word) => (pass === 'exact' ? name === word : name.startsWith(`${word} `) || name.endsWith(` ${word}`))),
      );
      if (found) {
        mapping[field] = found.header;
        used.add(found.header);
      }
    }
  }
  return mapping;
}

function iso(date: Date | null): string | null {
  return date ? new Date(date).toISOString() : null;
}

/**
 * Imports (#23): a file read once into rows, a mapping, a preview that gives every row its outcome,
 * a commit that runs in the background in batches (one transaction each, progress kept on the
 * import), and undo. Every statement goes through the broker's scope.
 */
export class ImportsService {
  private readonly imports: BrokerScopedTable;
  private readonly rows: BrokerScopedTable;
  private readonly mappings: BrokerScopedTable;
  /** Imports this process is running (a second commit of one of them is a no-op). */
  private readonly running = new Map<number, Promise<void>>();

  constructor(
    private readonly knex: Knex,
    private readonly kinds: ImportKinds,
    private readonly reference: ReferenceSource,
  ) {
    this.imports = new BrokerScopedTable(knex, 'imports');
    this.rows = new BrokerScopedTable(knex, 'import_rows');
    this.mappings = new BrokerScopedTable(knex, 'import_mappings');
  }

  private async load(userId: string, id: number, trx: Knex | Knex.Transaction = this.knex, lock = false): Promise<ImportRow> {
    const query = this.imports.of(userId, trx).byId(id).first();
    const row = (await (lock ? query.forUpdate() : query)) as ImportRow | undefined;
    if (!row) throw new HttpError(404, IMPORT_NOT_FOUND);
    return row;
  }

  /** The /api/statements paths answer only statements: anything else is an id that does not exist there. */
  async assertStatement(userId: string, id: number): Promise<void> {
    const found = await this.imports.of(userId).byId(id).andWhere({ kind: 'statement' }).first('id');
    if (!found) throw new HttpError(404, NOT_FOUND.statement);
  }

  /** POST /api/imports: reads the file, keeps its rows, suggests (or recalls) the mapping. */
  async create(user: SessionUser, file: UploadedFile, fields: ImportFieldsInput | StatementFields): Promise<ImportCreated> {
    const kind: ImportKind = 'kind' in fields ? fields.kind : 'statement';
    const insurerId = 'insurerId' in fields ? fields.insurerId : null;
    if (insurerId !== null) {
      const { insurers } = await this.reference(user.id);
      if (!insurers.some((insurer) => insurer.id === insurerId))
        throw new HttpError(400, 'Selecione uma das suas seguradoras.', [
          { path: 'insurerId', message: 'Selecione uma das suas seguradoras.' },
        ]);
    }
    let sheet: SheetFile;
    try {
      sheet = await readSheetFile(file, fields.sheet || undefined);
    } catch (error) {
      if (error instanceof SheetFileError) throw new HttpError(error.status, error.message);
      throw error;
    }
    const key = headerKey(kind, sheet.headers, insurerId);
    const remembered = (await this.mappings.of(user.id).rows().where({ kind, headerKey: key }).first('mapping', 'mode', 'insurerMap')) as
      { mapping: Record<string, string>; mode: ImportMode; insurerMap: Record<string, number> } | undefined;
    const rememberedFits = remembered && Object.values(remembered.mapping).every((header) => sheet.headers.includes(header));
    const mapping = rememberedFits ? remembered.mapping : suggestMapping(kind, sheet.headers);
    const id = await this.knex.transaction(async (trx) => {
      // What the brokerage keeps at once is bounded: parallel uploads of one account take turns here.
      await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`imports:${user.id}`]);
      const held = (await this.imports.of(user.id, trx).rows().whereNull('rowsPurgedAt').sum({ chars: 'cellChars' }).first()) as {
        chars: string | null;
      };
      if (Number(held.chars ?? 0) + sheet.chars > IMPORT_LIMITS.accountChars) throw new HttpError(413, ACCOUNT_FULL);
      const [created] = await this.imports
        .of(user.id, trx)
        .insert({
          createdBy: user.email,
          kind,
          insurerId,
          status: 'mapping',
          fileName: file.originalName.slice(0, 255),
          encoding: sheet.encoding,
          delimiter: sheet.delimiter,
          sheet: sheet.sheet,
          sheets: JSON.stringify(sheet.sheets),
          headers: JSON.stringify(sheet.headers),
          headerKey: key,
          mapping: JSON.stringify(mapping),
          mode: remembered?.mode ?? 'upsert',
          insurerMap: JSON.stringify(remembered?.insurerMap ?? {}),
          totalRows: sheet.rows.length,
          cellChars: sheet.chars,
        })
        .returning('id');
      const importId = (created as { id: number }).id;
      for (const chunk of chunksOf(sheet.rows)) {
        await trx.raw(
          `insert into import_rows (import_id, line, user_id, cells)
           select ?, x.line, ?, x.cells from jsonb_to_recordset(?::jsonb) as x(line int, cells jsonb)`,
          [importId, user.id, JSON.stringify(chunk)],
        );
      }
      return importId;
    });
    // Fresh statistics: a table that just grew by a whole file is planned as if it held one row per
    // import, and the preview's write-back (a join on (import_id, line)) then runs as a nested loop
    // over every row: 20,000 rows took 25 s instead of well under one.
    await this.knex.raw('analyze import_rows');
    let status: ImportStatus = 'mapping';
    if (rememberedFits) {
      await this.analyse(user.id, id);
      status = 'preview';
    }
    return {
      id,
      kind,
      insurerId,
      status,
      fileName: file.originalName.slice(0, 255),
      encoding: sheet.encoding,
      delimiter: sheet.delimiter,
      sheets: sheet.sheets,
      sheet: sheet.sheet,
      headers: sheet.headers,
      mapping,
      sample: sheet.rows
        .slice(0, 5)
        .map((row) => Object.fromEntries(sheet.headers.map((header, index) => [header, row.cells[index] ?? '']))),
      totalRows: sheet.rows.length,
    };
  }

  /** PUT /api/imports/{id}/mapping: checks the mapping against the file, remembers it, answers the preview. */
  async setMapping(userId: string, id: number, input: ImportMappingInput, query: ImportRowsQuery): Promise<ImportDetail> {
    const current = await this.load(userId, id);
    if (current.status !== 'mapping' && current.status !== 'preview') throw new HttpError(409, ALREADY_COMMITTED);
    const fields = new Set<string>(IMPORT_FIELDS[current.kind]);
    const issues: FieldIssue[] = [];
    const mapping: Record<string, string> = {};
    for (const [field, header] of Object.entries(input.mapping)) {
      if (!fields.has(field)) issues.push({ path: `mapping.${field}`, message: `Campo desconhecido: ${field}` });
      else if (header === null || header === '') continue;
      else if (!current.headers.includes(header))
        issues.push({ path: `mapping.${field}`, message: `A planilha não tem a coluna "${header}"` });
      else mapping[field] = header;
    }
    for (const field of REQUIRED_IMPORT_FIELDS[current.kind]) {
      if (!mapping[field] && !issues.some((issue) => issue.path === `mapping.${field}`))
        issues.push({ path: `mapping.${field}`, message: `Escolha a coluna de ${IMPORT_FIELD_INFO[current.kind][field]?.label ?? field}` });
    }
    if (issues.length > 0) throw new HttpError(400, issues[0]!.message, issues);
    const updated = await this.imports
      .of(userId)
      .byId(id)
      .whereIn('status', ['mapping', 'preview'])
      .update({
        mapping: JSON.stringify(mapping),
        mode: input.mode,
        insurerMap: JSON.stringify({ ...current.insurerMap, ...input.insurers }),
      });
    if (updated === 0) throw new HttpError(409, ALREADY_COMMITTED);
    await this.knex.raw(
      `insert into import_mappings (user_id, kind, header_key, mapping, insurer_map, mode, updated_at) values (?, ?, ?, ?, ?, ?, now())
       on conflict (user_id, kind, header_key) do update set mapping = excluded.mapping, mode = excluded.mode,
         insurer_map = import_mappings.insurer_map || excluded.insurer_map, updated_at = now()`,
      [userId, current.kind, current.headerKey, JSON.stringify(mapping), JSON.stringify(input.insurers), input.mode],
    );
    await this.analyse(userId, id);
    return this.detail(userId, id, query);
  }

  /** The preview: every row's outcome, written back to its row; the counts on the import. */
  private async analyse(userId: string, id: number): Promise<void> {
    const current = await this.load(userId, id);
    const rows = this.sheetRows(userId, id);
    const columns = Object.fromEntries(Object.entries(current.mapping).map(([field, header]) => [field, current.headers.indexOf(header)]));
    const { results, unknownInsurers } = await this.kinds[current.kind].analyse({
      userId,
      rows,
      columns,
      mode: current.mode,
      insurerMap: current.insurerMap,
      insurerId: current.insurerId,
    });
    const counts = zeroCounts();
    for (const result of results) counts[result.outcome] += 1;
    await this.knex.transaction(async (trx) => {
      // The import stays locked while its rows get their outcomes: a commit sent meanwhile waits, and
      // then runs what this preview wrote; a preview that finds it committed already writes nothing.
      const open = await this.imports.of(userId, trx).byId(id).whereIn('status', ['mapping', 'preview']).forUpdate().first('id');
      if (!open) throw new HttpError(409, ALREADY_COMMITTED);
      for (let start = 0; start < results.length; start += WRITE_CHUNK) {
        await this.rows.of(userId, trx).updateFrom(
          'r',
          {
            set: 'outcome = x.outcome, errors = x.errors, reason = x.reason, target_id = x.target_id, record = x.record',
            from: 'jsonb_to_recordset(?::jsonb) as x(line int, outcome text, errors jsonb, reason text, target_id int, record jsonb)',
            where: 'r.import_id = ? and r.line = x.line',
          },
          {
            from: [
              JSON.stringify(
                results.slice(start, start + WRITE_CHUNK).map((result) => ({
                  line: result.line,
                  outcome: result.outcome,
                  errors: result.errors,
                  reason: result.reason,
                  target_id: result.targetId,
                  record: result.record,
                })),
              ),
            ],
            where: [id],
          },
        );
      }
      await this.imports
        .of(userId, trx)
        .byId(id)
        .update({ status: 'preview', counts: JSON.stringify(counts), unknownInsurers: JSON.stringify(unknownInsurers) });
    });
  }

  /** The file's rows in chunks, by line (keyset): a preview holds one chunk of cells at a time. */
  private async *sheetRows(userId: string, id: number): AsyncGenerator<SheetRow> {
    for (let after = 0; ;) {
      const chunk = (await this.rows
        .of(userId)
        .rows()
        .where({ importId: id })
        .andWhere('line', '>', after)
        .orderBy('line')
        .limit(READ_CHUNK)
        .select('line', 'cells')) as SheetRow[];
      if (chunk.length === 0) return;
      yield* chunk;
      after = chunk.at(-1)!.line;
    }
  }

  async detail(userId: string, id: number, query: ImportRowsQuery): Promise<ImportDetail> {
    let current = await this.load(userId, id);
    if (current.status === 'running' && this.isStale(current)) {
      this.resume(userId, id);
      current = await this.load(userId, id);
    }
    const page = this.rows.of(userId).rows().where({ importId: id });
    if (query.outcome) page.andWhere({ outcome: query.outcome });
    const rows = (await page
      .orderBy('line')
      .offset(query.offset)
      .limit(query.limit)
      .select('line', 'outcome', 'errors', 'reason', 'targetId', 'cells', 'record')) as {
      line: number;
      outcome: ImportOutcome | null;
      errors: FieldIssue[] | null;
      reason: string | null;
      targetId: number | null;
      cells: string[];
      record: unknown;
    }[];
    const handler = this.kinds[current.kind];
    const committed = current.status === 'running' || current.status === 'done' || current.status === 'failed';
    const matches = handler.matches && rows.length > 0 ? await handler.matches(userId, id, committed, rows) : null;
    const counts = current.counts ?? zeroCounts();
    const toApply = counts.create + counts.update;
    return {
      ...this.summary(current),
      encoding: current.encoding,
      delimiter: current.delimiter,
      sheet: current.sheet,
      headers: current.headers,
      mapping: current.mapping,
      mode: current.mode,
      rows: rows.map((row): ImportRowResult => ({
        line: row.line,
        outcome: row.outcome ?? 'skip',
        errors: (row.errors ?? []).map((issue) => ({ field: issue.path, path: issue.path, message: issue.message })),
        reason: row.reason,
        targetId: row.targetId,
        values: Object.fromEntries(current.headers.map((header, index) => [header, row.cells[index] ?? ''])),
        ...(matches ? { match: matches.get(row.line) ?? null } : {}),
      })),
      offset: query.offset,
      limit: query.limit,
      progress:
        current.status === 'running' || current.status === 'done'
          ? { processed: Math.min(current.processed, toApply), total: toApply }
          : null,
      unknownInsurers: current.unknownInsurers,
      undoKept: current.undoKept,
      error: current.error,
    };
  }

  private summary(row: ImportRow): ImportSummary {
    return {
      id: row.id,
      kind: row.kind,
      insurerId: row.insurerId,
      status: row.status,
      fileName: row.fileName,
      totalRows: row.totalRows,
      counts: row.counts ?? zeroCounts(),
      applied: row.applied,
      createdAt: iso(row.createdAt)!,
      createdBy: row.createdBy,
      finishedAt: iso(row.finishedAt),
      undoneAt: iso(row.undoneAt),
      undoUntil: this.undoUntil(row),
      rowsPurgedAt: iso(row.rowsPurgedAt),
    };
  }

  private undoUntil(current: Pick<ImportRow, 'status' | 'finishedAt'>): string | null {
    if ((current.status !== 'done' && current.status !== 'failed') || !current.finishedAt) return null;
    return new Date(new Date(current.finishedAt).getTime() + IMPORT_UNDO_DAYS * 86_400_000).toISOString();
  }

  private isStale(current: ImportRow): boolean {
    return (
      !this.running.has(current.id) && (!current.heartbeatAt || Date.now() - new Date(current.heartbeatAt).getTime() > STALE_SECONDS * 1000)
    );
  }

  /** The history: statements apart from contacts and policies (each has its own screen and paths). */
  async list(userId: string, statements = false): Promise<ImportSummary[]> {
    const rows = (await this.imports
      .of(userId)
      .rows()
      .andWhere('kind', statements ? '=' : '<>', 'statement')
      .orderBy([
        { column: 'createdAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(200)) as ImportRow[];
    return rows.map((row) => this.summary(row));
  }

  /** errors.csv: line, column, message and the row's original cells; ';', UTF-8 with BOM, formulas neutralised. */
  async errorsCsv(userId: string, id: number): Promise<{ fileName: string; body: string }> {
    const current = await this.load(userId, id);
    const rows = (await this.rows
      .of(userId)
      .rows()
      .where({ importId: id, outcome: 'error' })
      .orderBy('line')
      .select('line', 'errors', 'cells')) as { line: number; errors: FieldIssue[]; cells: string[] }[];
    const labels = IMPORT_FIELD_INFO[current.kind];
    const lines = [['Linha', 'Coluna', 'Mensagem', ...current.headers]];
    for (const row of rows) {
      for (const error of row.errors) {
        const field = error.path.split('.')[0] ?? '';
        const column = current.mapping[field] ?? labels[field]?.label ?? field;
        lines.push([String(row.line), column, error.message, ...current.headers.map((_, index) => row.cells[index] ?? '')]);
      }
    }
    const body = csvDocument(lines);
    const base =
      current.fileName
        .replace(/\.[^.]*$/, '')
        .replace(/[^\w.-]+/g, '_')
        .slice(0, 80) || 'importacao';
    return { fileName: `${base}-erros.csv`, body };
  }

  /**
   * POST /api/imports/{id}/commit: the preview becomes the import. One request wins the claim
   * (status preview -> running in one conditional UPDATE): parallel commits run it once, and a
   * repeat answers where it is. The rows are applied in the background.
   */
  async commit(userId: string, id: number): Promise<ImportDetail> {
    const claimed = await this.imports
      .of(userId)
      .byId(id)
      .andWhere({ status: 'preview' })
      .update({ status: 'running', startedAt: this.knex.fn.now(), heartbeatAt: this.knex.fn.now(), processed: 0, error: null });
    if (claimed === 0) {
      const current = await this.load(userId, id);
      if (current.status === 'mapping') throw new HttpError(409, 'Defina o mapeamento das colunas antes de confirmar.');
      if (current.status === 'undone') throw new HttpError(409, 'Esta importação foi desfeita.');
      if (current.status === 'failed') throw new HttpError(409, 'Esta importação falhou; desfaça o que ela fez e envie o arquivo de novo.');
    } else {
      this.start(userId, id);
    }
    return this.detail(userId, id, { offset: 0, limit: 0 });
  }

  private start(userId: string, id: number): void {
    const run = this.run(userId, id).finally(() => this.running.delete(id));
    this.running.set(id, run);
  }

  /** A running import nobody beats for anymore (its process died): the first reader takes it over. */
  private resume(userId: string, id: number): void {
    void (async () => {
      const taken = await this.imports
        .of(userId)
        .byId(id)
        .andWhere({ status: 'running' })
        .andWhereRaw(`coalesce(heartbeat_at, 'epoch') < now() - interval '${STALE_SECONDS} seconds'`)
        .update({ heartbeatAt: this.knex.fn.now() });
      if (taken > 0 && !this.running.has(id)) this.start(userId, id);
    })().catch(() => undefined);
  }

  /** Waits for this process's run of an import (tests, shutdown). */
  async settled(id: number): Promise<void> {
    await this.running.get(id);
  }

  private async run(userId: string, id: number): Promise<void> {
    try {
      const { kind, insurerId } = await this.load(userId, id);
      const handler = this.kinds[kind];
      const state = await handler.begin(userId, insurerId);
      for (;;) {
        const batchStarted = performance.now();
        const applied = await this.knex.transaction(async (trx) => {
          const batch = (await this.rows
            .of(userId, trx)
            .rows()
            .where({ importId: id })
            .whereIn('outcome', ['create', 'update'])
            .whereNull('applied')
            .orderBy('line')
            .limit(handler.batchSize)
            .forUpdate()
            .skipLocked()
            .select('line', 'outcome', 'targetId', 'record')) as AppliedRow[];
          if (batch.length === 0) return 0;
          await handler.apply(trx, userId, id, batch, state);
          await this.imports
            .of(userId, trx)
            .byId(id)
            .update({ processed: trx.raw('processed + ?', [batch.length]), heartbeatAt: trx.fn.now() });
          return batch.length;
        });
        if (applied === 0) break;
        // Paced: as long again as the batch took, so that the broker's own reads (the board, the
        // lists) keep their pace on a small machine while a large import runs.
        await sleep(Math.min(1000, Math.max(5, performance.now() - batchStarted)));
      }
      await this.knex.transaction(async (trx) => {
        const rows = (await this.rows
          .of(userId, trx)
          .rows()
          .where({ importId: id })
          .whereNotNull('applied')
          .groupBy('applied')
          .select('applied', trx.raw('count(*) as n'))) as { applied: string; n: string }[];
        const current = await this.load(userId, id, trx, true);
        const counts = current.counts ?? zeroCounts();
        const done: ImportCounts = { ...zeroCounts(), skip: counts.skip, duplicate: counts.duplicate, error: counts.error };
        for (const row of rows) {
          if (row.applied === 'created') done.create += Number(row.n);
          else if (row.applied === 'updated') done.update += Number(row.n);
          else done.skip += Number(row.n);
        }
        await this.imports
          .of(userId, trx)
          .byId(id)
          .update({ status: 'done', finishedAt: trx.fn.now(), applied: JSON.stringify(done) });
        await recordActivity(trx, userId, {
          type: this.kinds[current.kind].activity?.done ?? 'import_done',
          subject: current.fileName,
          detail: `${done.create} criados, ${done.update} atualizados`,
        });
      });
    } catch (error) {
      await this.imports
        .of(userId)
        .byId(id)
        .update({
          status: 'failed',
          finishedAt: this.knex.fn.now(),
          error: 'A importação parou por um erro; o que já foi importado pode ser desfeito.',
        })
        .catch(() => undefined);
      throw error;
    }
  }

  /**
   * The hourly purge: the rows an import no longer needs go, the import's summary stays. An import
   * that ran can be undone for 30 days and needs them until then; one left in mapping or preview a
   * day is closed (as if discarded). Broker by broker through the scope; each import in a
   * transaction whose conditional update loses to a commit claimed at the same moment. Answers how
   * many imports it purged.
   */
  async purge(now: Date = new Date()): Promise<number> {
    const ranBefore = new Date(now.getTime() - IMPORT_UNDO_DAYS * 86_400_000);
    const openedBefore = new Date(now.getTime() - IMPORT_ABANDONED_HOURS * 3_600_000);
    const due = (query: Knex.QueryBuilder) =>
      query
        .whereNull('rowsPurgedAt')
        .andWhereRaw(
          `((status in ('done', 'failed', 'undone') and finished_at < ?) or (status in ('mapping', 'preview') and created_at < ?))`,
          [ranBefore, openedBefore],
        );
    const brokers = (await due(this.knex('imports')).distinct('userId')) as { userId: string }[];
    let purged = 0;
    for (const { userId } of brokers) {
      const imports = (await due(this.imports.of(userId).rows()).select('id')) as { id: number }[];
      for (const { id } of imports) {
        purged += await this.knex.transaction(async (trx) => {
          const closed = await due(this.imports.of(userId, trx).byId(id)).update({
            rowsPurgedAt: trx.fn.now(),
            status: trx.raw(`case when status in ('mapping', 'preview') then 'undone' else status end`),
            undoneAt: trx.raw(`case when status in ('mapping', 'preview') then now() else undone_at end`),
          });
          if (closed === 0) return 0;
          await this.rows.of(userId, trx).rows().where({ importId: id }).delete();
          return 1;
        });
      }
    }
    return purged;
  }

  /** The purge every hour, from a minute after start; stops when the service closes, never keeps the process up. */
  schedulePurge(onError: (error: unknown) => void): () => void {
    return schedulePasses(() => this.purge(), { firstMs: 60_000, everyMs: 3_600_000, onError });
  }

  /**
   * DELETE /api/imports/{id}: undo, within 30 days. What the import created goes (with its cards
   * and notes), what it updated gets its previous values back; a contact the broker changed since
   * (edited, a card, a note) stays as it is and is listed. One transaction.
   */
  async undo(userId: string, id: number): Promise<ImportDetail> {
    await this.knex.transaction(async (trx) => {
      const current = await this.load(userId, id, trx, true);
      if (current.status === 'undone') return;
      if (current.status === 'running') throw new HttpError(409, 'A importação ainda está em andamento; aguarde o fim para desfazer.');
      if (current.status === 'mapping' || current.status === 'preview') {
        // Never committed: nothing to put back; the import is closed and its rows go at once.
        await this.rows.of(userId, trx).rows().where({ importId: id }).delete();
        await this.imports.of(userId, trx).byId(id).update({ status: 'undone', undoneAt: trx.fn.now(), rowsPurgedAt: trx.fn.now() });
        return;
      }
      const until = this.undoUntil(current);
      if (!until || new Date(until).getTime() < Date.now())
        throw new HttpError(409, `Uma importação só pode ser desfeita até ${IMPORT_UNDO_DAYS} dias depois de concluída.`);
      const kept = await this.kinds[current.kind].undo(trx, userId, id);
      await this.imports
        .of(userId, trx)
        .byId(id)
        .update({ status: 'undone', undoneAt: trx.fn.now(), undoKept: JSON.stringify(kept) });
      await recordActivity(trx, userId, {
        type: this.kinds[current.kind].activity?.undone ?? 'import_undone',
        subject: current.fileName,
        detail: kept.length > 0 ? `${kept.length} contato(s) alterado(s) depois foram mantidos` : null,
      });
    });
    return this.detail(userId, id, { offset: 0, limit: 0 });
  }
}

/** Rows in chunks of at most WRITE_CHUNK rows and CHUNK_CHARS characters of cells. */
function* chunksOf(rows: readonly SheetFile['rows'][number][]): Generator<SheetFile['rows']> {
  let chunk: SheetFile['rows'] = [];
  let chars = 0;
  for (const row of rows) {
    const size = row.cells.reduce((sum, cell) => sum + cell.length, 0);
    if (chunk.length > 0 && (chunk.length >= WRITE_CHUNK || chars + size > CHUNK_CHARS)) {
      yield chunk;
      chunk = [];
      chars = 0;
    }
    chunk.push(row);
    chars += size;
  }
  if (chunk.length > 0) yield chunk;
}
