import {
  issuesToFieldErrors,
  type ActivityType,
  type FieldIssue,
  type ImportKind,
  type ImportMode,
  type ImportOutcome,
  type StatementLineMatch,
  type UnknownInsurer,
} from '@corretora/contracts';
import type { Knex } from 'knex';
import * as v from 'valibot';

/** A data row of the file: its line and its cells in header order. */
export interface SheetRow {
  line: number;
  cells: readonly string[];
}

/** A row's outcome in the preview, and what its commit would write. */
export interface RowAnalysis {
  line: number;
  outcome: ImportOutcome;
  errors: FieldIssue[];
  reason: string | null;
  targetId: number | null;
  /** What the commit writes (a contact's fields, a policy, a statement line): its kind's record; null for rows it skips. */
  record: object | null;
}

export interface AnalysisInput {
  userId: string;
  /** The file's rows, chunk by chunk. */
  rows: AsyncIterable<SheetRow>;
  /** field -> column index. */
  columns: Record<string, number>;
  mode: ImportMode;
  insurerMap: Record<string, number>;
  /** A statement's insurer; null for other kinds. */
  insurerId: number | null;
}

export interface AppliedRow {
  line: number;
  outcome: 'create' | 'update';
  targetId: number | null;
  record: object;
}

/** A row an undo left as it was (changed by the broker since), and why. */
export interface KeptRow {
  line: number;
  targetId: number;
  reason: string;
}

/**
 * What differs between one kind of import and another; the import's life (file, mapping,
 * preview, commit in batches, undo, purge) is the engine's. A service registers the kinds whose
 * rows it owns.
 */
export interface ImportKindHandler<State = unknown> {
  /** Rows per transaction of the commit. */
  batchSize: number;
  /** Checks what the upload names besides the file (a statement's insurer) before anything is stored; throws the 4xx. */
  accept?(userId: string, insurerId: number | null): Promise<void>;
  analyse(input: AnalysisInput): Promise<{ results: RowAnalysis[]; unknownInsurers: UnknownInsurer[] }>;
  /** What a run keeps between its batches. */
  begin(userId: string, insurerId: number | null): Promise<State>;
  apply(trx: Knex.Transaction, userId: string, importId: number, batch: AppliedRow[], state: State): Promise<void>;
  undo(trx: Knex.Transaction, userId: string, importId: number): Promise<KeptRow[]>;
  /** A page of rows' matches for the detail (a statement's lines, as they were kept once committed). */
  matches?(
    userId: string,
    importId: number,
    committed: boolean,
    rows: { line: number; record: unknown }[],
  ): Promise<Map<number, StatementLineMatch>>;
  /** The 'Atividade Recente' entries of a commit and an undo (the generic ones by default). */
  activity?: { done: ActivityType; undone: ActivityType };
}

/** The kinds a service runs (each kind lives in the service that owns its rows). */
export type ImportKinds = Partial<Record<ImportKind, ImportKindHandler>>;

/**
 * A sheet row read by its kind's schema: the mapped cells (field -> text) parsed, or the row's
 * error outcome with each field's message.
 */
export function parseRow<S extends v.GenericSchema>(
  schema: S,
  row: SheetRow,
  columns: Partial<Record<string, number>>,
): { success: true; output: v.InferOutput<S> } | { success: false; error: RowAnalysis } {
  const cells = Object.fromEntries(
    Object.entries(columns).flatMap(([field, index]) => (index === undefined ? [] : [[field, row.cells[index] ?? '']])),
  );
  const parsed = v.safeParse(schema, cells);
  if (parsed.success) return { success: true, output: parsed.output };
  return {
    success: false,
    error: { line: row.line, outcome: 'error', errors: issuesToFieldErrors(parsed.issues), reason: null, targetId: null, record: null },
  };
}
