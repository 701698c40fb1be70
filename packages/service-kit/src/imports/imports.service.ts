import {
  IMPORT_FIELD_INFO,
  IMPORT_LIMITS,
  IMPORT_UNDO_DAYS,
  NOT_FOUND,
  type FieldIssue,
  type ImportCreated,
  type ImportDetail,
  type ImportKind,
  type ImportMappingInput,
  type ImportMode,
  type ImportOutcome,
  type ImportRowResult,
  type ImportRowsQuery,
  type ImportStatus,
  type ImportSummary,
} from '@corretora/contracts';
import type { Knex } from 'knex';
import { recordActivity } from '../activity';
import { csvDocument } from '../csv';
import { HttpError } from '../errors';
import type { Jobs } from '../jobs';
import type { SessionUser } from '../session';
import type { UploadedFile } from '../upload';
import type { ImportKindHandler, ImportKinds } from './import-kind';
import { checkedMapping, headerKey, suggestMapping } from './import-mapping';
import { ImportTables, summaryOf, undoUntil, zeroCounts } from './import-records';
import { ImportRunner } from './import-runner';
import { sheetRows, storeOutcomes, storeRows } from './import-rows';
import { readUploadedSheet } from './sheet-file';

const ALREADY_COMMITTED = 'Esta importação já foi confirmada: o mapeamento não pode mudar.';
const ACCOUNT_FULL = `As importações guardadas da corretora passam de ${(IMPORT_LIMITS.accountChars / 1_000_000).toLocaleString('pt-BR')} milhões de caracteres: conclua ou descarte as que estão em pré-visualização (ou aguarde o fim do prazo de desfazer) antes de enviar outra.`;

/** What an upload asks: its kind, a statement's insurer, the sheet of a workbook. */
export interface ImportRequest {
  kind: ImportKind;
  insurerId: number | null;
  sheet?: string | undefined;
}

export interface ImportsOptions {
  /** The service's job layer: the hourly purge runs on it (import_rows_purge), each commit is counted there (import_commit). */
  jobs?: Jobs;
  /** A commit that stopped on an error (the import says so to the broker; this is for the log). */
  onRunError?: (error: unknown) => void;
}

/**
 * The import engine, one per service, running the kinds whose rows that service owns: a file
 * read once into rows, a mapping, a preview that gives every row its outcome, a commit that runs in
 * the background in batches (ImportRunner), undo within 30 days, the hourly purge. Its tables
 * (`imports`, `import_rows`, `import_mappings`, see importTablesMigration) live in the service's
 * schema and every statement goes through the broker scope.
 */
export class ImportsService {
  private readonly tables: ImportTables;
  private readonly runner: ImportRunner;

  constructor(
    private readonly knex: Knex,
    private readonly kinds: ImportKinds,
    options: ImportsOptions = {},
  ) {
    this.tables = new ImportTables(knex);
    this.runner = new ImportRunner(this.tables, (kind) => this.handler(kind), options);
  }

  private handler(kind: ImportKind): ImportKindHandler {
    const handler = this.kinds[kind];
    if (!handler) throw new HttpError(404, NOT_FOUND.import);
    return handler;
  }

  /** A door answers only its kinds: an import of another kind is an id that does not exist there. */
  async assertKind(userId: string, id: number, kinds: readonly ImportKind[], notFound: string): Promise<void> {
    const found = await this.tables.imports.of(userId).byId(id).whereIn('kind', kinds).first('id');
    if (!found) throw new HttpError(404, notFound);
  }

  /** Reads the file, keeps its rows, suggests (or recalls) the mapping; a remembered mapping goes straight to the preview. */
  async create(user: SessionUser, file: UploadedFile, request: ImportRequest): Promise<ImportCreated> {
    const { kind, insurerId } = request;
    await this.handler(kind).accept?.(user.id, insurerId);
    const sheet = await readUploadedSheet(file, request.sheet || undefined);
    const key = headerKey(kind, sheet.headers, insurerId);
    const remembered = (await this.tables.mappings
      .of(user.id)
      .rows()
      .where({ kind, headerKey: key })
      .first('mapping', 'mode', 'insurerMap')) as
      { mapping: Record<string, string>; mode: ImportMode; insurerMap: Record<string, number> } | undefined;
    const rememberedFits = remembered && Object.values(remembered.mapping).every((header) => sheet.headers.includes(header));
    const mapping = rememberedFits ? remembered.mapping : suggestMapping(kind, sheet.headers);
    const fileName = file.originalName.slice(0, 255);
    const id = await this.knex.transaction(async (trx) => {
      // What the brokerage keeps at once is bounded: parallel uploads of one account take turns here.
      await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`imports:${user.id}`]);
      const held = (await this.tables.imports.of(user.id, trx).rows().whereNull('rowsPurgedAt').sum({ chars: 'cellChars' }).first()) as {
        chars: string | null;
      };
      if (Number(held.chars ?? 0) + sheet.chars > IMPORT_LIMITS.accountChars) throw new HttpError(413, ACCOUNT_FULL);
      const [created] = await this.tables.imports
        .of(user.id, trx)
        .insert({
          createdBy: user.email,
          kind,
          insurerId,
          status: 'mapping',
          fileName,
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
      await storeRows(trx, user.id, importId, sheet.rows);
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
    const sample = sheet.rows
      .slice(0, 5)
      .map((row) => Object.fromEntries(sheet.headers.map((header, index) => [header, row.cells[index] ?? ''])));
    const { encoding, delimiter, sheets, headers } = sheet;
    return {
      id,
      kind,
      insurerId,
      status,
      fileName,
      encoding,
      delimiter,
      sheets,
      sheet: sheet.sheet,
      headers,
      mapping,
      sample,
      totalRows: sheet.rows.length,
    };
  }

  /** PUT …/mapping: checks the mapping against the file, remembers it, answers the preview. */
  async setMapping(userId: string, id: number, input: ImportMappingInput, query: ImportRowsQuery): Promise<ImportDetail> {
    const current = await this.tables.load(userId, id);
    if (current.status !== 'mapping' && current.status !== 'preview') throw new HttpError(409, ALREADY_COMMITTED);
    const mapping = checkedMapping(current.kind, current.headers, input.mapping);
    const updated = await this.tables.imports
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
    const current = await this.tables.load(userId, id);
    const columns = Object.fromEntries(Object.entries(current.mapping).map(([field, header]) => [field, current.headers.indexOf(header)]));
    const { results, unknownInsurers } = await this.handler(current.kind).analyse({
      userId,
      rows: sheetRows(this.tables, userId, id),
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
      const open = await this.tables.imports.of(userId, trx).byId(id).whereIn('status', ['mapping', 'preview']).forUpdate().first('id');
      if (!open) throw new HttpError(409, ALREADY_COMMITTED);
      await storeOutcomes(this.tables, trx, userId, id, results);
      await this.tables.imports
        .of(userId, trx)
        .byId(id)
        .update({ status: 'preview', counts: JSON.stringify(counts), unknownInsurers: JSON.stringify(unknownInsurers) });
    });
  }

  async detail(userId: string, id: number, query: ImportRowsQuery): Promise<ImportDetail> {
    let current = await this.tables.load(userId, id);
    if (this.runner.takeOverIfStale(current, userId)) current = await this.tables.load(userId, id);
    const page = this.tables.rows.of(userId).rows().where({ importId: id });
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
    const handler = this.handler(current.kind);
    const committed = current.status === 'running' || current.status === 'done' || current.status === 'failed';
    const matches = handler.matches && rows.length > 0 ? await handler.matches(userId, id, committed, rows) : null;
    const counts = current.counts ?? zeroCounts();
    const toApply = counts.create + counts.update;
    return {
      ...summaryOf(current),
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

  /** The history of the given kinds, newest first. */
  async list(userId: string, kinds: readonly ImportKind[]): Promise<ImportSummary[]> {
    const rows = await this.tables.imports
      .of(userId)
      .rows()
      .whereIn('kind', kinds)
      .orderBy([
        { column: 'createdAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(200);
    return (rows as Parameters<typeof summaryOf>[0][]).map(summaryOf);
  }

  /** errors.csv: line, column, message and the row's original cells; ';', UTF-8 with BOM, formulas neutralised. */
  async errorsCsv(userId: string, id: number): Promise<{ fileName: string; body: string }> {
    const current = await this.tables.load(userId, id);
    const rows = (await this.tables.rows
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
    const base =
      current.fileName
        .replace(/\.[^.]*$/, '')
        .replace(/[^\w.-]+/g, '_')
        .slice(0, 80) || 'importacao';
    return { fileName: `${base}-erros.csv`, body: csvDocument(lines) };
  }

  /** POST …/commit: claimed once, applied in the background (its records given to `assignTo`, else the importer's); answers where the import is. */
  async commit(userId: string, id: number, assignTo?: string): Promise<ImportDetail> {
    await this.runner.claim(userId, id, assignTo);
    return this.detail(userId, id, { offset: 0, limit: 0 });
  }

  /** Waits for this process's run of an import (tests, shutdown). */
  settled(id: number): Promise<void> {
    return this.runner.settled(id);
  }

  purge(now?: Date): Promise<number> {
    return this.runner.purge(now);
  }

  /**
   * DELETE …: undo, within 30 days. The kind puts back what the import did (what it created goes,
   * what it updated gets its previous values back; what the broker changed since stays and is
   * listed). One transaction.
   */
  async undo(userId: string, id: number): Promise<ImportDetail> {
    await this.knex.transaction(async (trx) => {
      const current = await this.tables.load(userId, id, trx, true);
      if (current.status === 'undone') return;
      if (current.status === 'running') throw new HttpError(409, 'A importação ainda está em andamento; aguarde o fim para desfazer.');
      if (current.status === 'mapping' || current.status === 'preview') {
        // Never committed: nothing to put back; the import is closed and its rows go at once.
        await this.tables.rows.of(userId, trx).rows().where({ importId: id }).delete();
        await this.tables.imports.of(userId, trx).byId(id).update({ status: 'undone', undoneAt: trx.fn.now(), rowsPurgedAt: trx.fn.now() });
        return;
      }
      const until = undoUntil(current);
      if (!until || new Date(until).getTime() < Date.now())
        throw new HttpError(409, `Uma importação só pode ser desfeita até ${IMPORT_UNDO_DAYS} dias depois de concluída.`);
      const handler = this.handler(current.kind);
      const kept = await handler.undo(trx, userId, id);
      await this.tables.imports
        .of(userId, trx)
        .byId(id)
        .update({ status: 'undone', undoneAt: trx.fn.now(), undoKept: JSON.stringify(kept) });
      await recordActivity(trx, userId, {
        type: handler.activity?.undone ?? 'import_undone',
        subject: current.fileName,
        detail: kept.length > 0 ? `${kept.length} contato(s) alterado(s) depois foram mantidos` : null,
      });
    });
    return this.detail(userId, id, { offset: 0, limit: 0 });
  }
}
