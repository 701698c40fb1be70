import type { Knex } from 'knex';
import type { RowAnalysis, SheetRow } from './import-kind';
import type { ImportTables } from './import-records';
import type { SheetFile } from './sheet-file';

const WRITE_CHUNK = 5000;
/** A chunk of rows written or read at once also stops at this many characters of cells (memory stays flat). */
const CHUNK_CHARS = 4_000_000;
/** Rows a preview reads at once (20,000 characters each at most: 40 M characters). */
const READ_CHUNK = 2000;

/** An import's rows as read from its file, chunk by chunk. The kit's own SQL: the broker is bound here, as the scope would. */
export async function storeRows(trx: Knex.Transaction, userId: string, importId: number, rows: SheetFile['rows']): Promise<void> {
  for (const chunk of chunksOf(rows)) {
    await trx.raw(
      `insert into import_rows (import_id, line, user_id, cells)
       select ?, x.line, ?, x.cells from jsonb_to_recordset(?::jsonb) as x(line int, cells jsonb)`,
      [importId, userId, JSON.stringify(chunk)],
    );
  }
}

/** The file's rows in chunks, by line (keyset): a preview holds one chunk of cells at a time. */
export async function* sheetRows(tables: ImportTables, userId: string, id: number): AsyncGenerator<SheetRow> {
  for (let after = 0; ;) {
    const chunk = (await tables.rows
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

/** The preview's outcome of every row, written back to its row in chunks. */
export async function storeOutcomes(
  tables: ImportTables,
  trx: Knex.Transaction,
  userId: string,
  id: number,
  results: readonly RowAnalysis[],
): Promise<void> {
  for (let start = 0; start < results.length; start += WRITE_CHUNK) {
    const chunk = results.slice(start, start + WRITE_CHUNK).map((result) => ({
      line: result.line,
      outcome: result.outcome,
      errors: result.errors,
      reason: result.reason,
      target_id: result.targetId,
      record: result.record,
    }));
    await tables.rows.of(userId, trx).updateFrom(
      'r',
      {
        set: 'outcome = x.outcome, errors = x.errors, reason = x.reason, target_id = x.target_id, record = x.record',
        from: 'jsonb_to_recordset(?::jsonb) as x(line int, outcome text, errors jsonb, reason text, target_id int, record jsonb)',
        where: 'r.import_id = ? and r.line = x.line',
      },
      { from: [JSON.stringify(chunk)], where: [id] },
    );
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
