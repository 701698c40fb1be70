import {
  IMPORT_OUTCOMES,
  IMPORT_UNDO_DAYS,
  NOT_FOUND,
  type ImportCounts,
  type ImportDetail,
  type ImportKind,
  type ImportMode,
  type ImportStatus,
  type ImportSummary,
  type UnknownInsurer,
} from '@corretora/contracts';
import type { Knex } from 'knex';
import { BrokerScopedTable } from '../broker-scope';
import { HttpError } from '../errors';

/** An import as its table keeps it. */
export interface ImportRecord {
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

export const zeroCounts = (): ImportCounts => Object.fromEntries(IMPORT_OUTCOMES.map((outcome) => [outcome, 0])) as ImportCounts;

function iso(date: Date | null): string | null {
  return date ? new Date(date).toISOString() : null;
}

/** Until when an import that ran can be undone; null while it has not run. */
export function undoUntil(current: Pick<ImportRecord, 'status' | 'finishedAt'>): string | null {
  if ((current.status !== 'done' && current.status !== 'failed') || !current.finishedAt) return null;
  return new Date(new Date(current.finishedAt).getTime() + IMPORT_UNDO_DAYS * 86_400_000).toISOString();
}

export function summaryOf(row: ImportRecord): ImportSummary {
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
    undoUntil: undoUntil(row),
    rowsPurgedAt: iso(row.rowsPurgedAt),
  };
}

/** The engine's three tables (in the service's own schema), each through the broker scope. */
export class ImportTables {
  readonly imports: BrokerScopedTable;
  readonly rows: BrokerScopedTable;
  readonly mappings: BrokerScopedTable;

  constructor(readonly knex: Knex) {
    this.imports = new BrokerScopedTable(knex, 'imports');
    this.rows = new BrokerScopedTable(knex, 'import_rows');
    this.mappings = new BrokerScopedTable(knex, 'import_mappings');
  }

  /** One of the broker's imports (locked for the transaction when asked), or 404. */
  async load(userId: string, id: number, trx: Knex | Knex.Transaction = this.knex, lock = false): Promise<ImportRecord> {
    const query = this.imports.of(userId, trx).byId(id).first();
    const row = (await (lock ? query.forUpdate() : query)) as ImportRecord | undefined;
    if (!row) throw new HttpError(404, NOT_FOUND.import);
    return row;
  }
}
