import type { FieldIssue } from '../errors';
import type { StatementLineMatch } from '../vocabulary/statement-lines';
import type { Contact } from '../vocabulary/contact';
import type { ImportKind, ImportMode, ImportOutcome, ImportStatus } from './import-options';

export type ImportCounts = Record<ImportOutcome, number>;

/** What every view of an import shows of its file. */
export interface ImportFile {
  id: number;
  kind: ImportKind;
  /** A statement's insurer; null for other kinds. */
  insurerId: number | null;
  status: ImportStatus;
  fileName: string;
  totalRows: number;
}

/** The file as read: its encoding, delimiter, sheet and columns, and the mapping chosen (field -> header). */
export interface ImportReading extends ImportFile {
  /** 'utf-8', 'utf-8-bom', 'utf-16le', 'windows-1252' or 'xlsx'. */
  encoding: string;
  /** ';', ',' or '\t'; null for an XLSX. */
  delimiter: string | null;
  sheet: string | null;
  headers: string[];
  mapping: Record<string, string>;
}

/** POST /api/imports: what was read from the file, and the mapping suggested (or remembered: then the status is 'preview'). */
export interface ImportCreated extends ImportReading {
  /** An XLSX's sheets (the one read is `sheet`); empty for text files. */
  sheets: string[];
  /** The first rows, header -> cell. */
  sample: Record<string, string>[];
}

/** GET /api/imports: one import of the history (who, when, file, counts, status). */
export interface ImportSummary extends ImportFile {
  counts: ImportCounts;
  /** What the commit did (created, updated, skipped), once done. */
  applied: ImportCounts | null;
  createdAt: string;
  createdBy: string | null;
  finishedAt: string | null;
  undoneAt: string | null;
  /** Until when 'Desfazer importação' is offered (null before it runs, or once undone). */
  undoUntil: string | null;
  /** When its rows were purged (30 days after it ran, or a day after it was left in preview): its detail then lists none. */
  rowsPurgedAt: string | null;
}

/** A row's error: the import field it is about (`field`, as the import's contract names it; `path` says the same). */
export interface ImportRowError extends FieldIssue {
  field: string;
}

export interface ImportRowResult {
  line: number;
  outcome: ImportOutcome;
  errors: ImportRowError[];
  /** Why (the match, the duplicate): a sentence for the preview. */
  reason: string | null;
  /** The contact (or policy) it matched or created. */
  targetId: number | null;
  /** The row as the file has it, header -> cell. */
  values: Record<string, string>;
  /** A statement's line: the instalment it pays (or não identificado) and the status it gives; null for other kinds and error lines. */
  match?: StatementLineMatch | null;
}

/** An insurer named by a policies file that matches none of the broker's. */
export interface UnknownInsurer {
  name: string;
  rows: number;
}

export interface ImportDetail extends ImportReading, ImportSummary {
  mode: ImportMode;
  rows: ImportRowResult[];
  offset: number;
  limit: number;
  progress: { processed: number; total: number } | null;
  unknownInsurers: UnknownInsurer[];
  /** What undo left as it was, because the broker changed it after the import. */
  undoKept: { line: number; targetId: number; reason: string }[];
  error: string | null;
}

/** 'Possíveis duplicados': contacts that share a document, e-mail or phone, or have similar names. */
export interface DuplicateGroup {
  reason: 'document' | 'email' | 'phone' | 'name';
  value: string;
  contacts: Contact[];
}

export interface MergeResult {
  contact: Contact;
  /** What moved from the other contact to this one. */
  moved: { cards: number; notes: number; policies: number; claims: number; documents: number };
}
