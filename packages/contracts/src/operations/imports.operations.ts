import { phantom, type Operation } from '../vocabulary/operation';
import { NOT_FOUND } from '../errors';
import type { ImportHandOverSchema } from '../imports/import-handover.schemas';
import type { DuplicateGroup, ImportCreated, ImportDetail, ImportSummary, MergeResult } from '../imports/imports-types';
import type {
  ContactMergeSchema,
  ImportCommitSchema,
  StatementFieldsSchema,
  ImportFieldsSchema,
  ImportMappingSchema,
  ImportRowsQuerySchema,
} from '../imports/imports.schemas';
import { MANAGERS } from '../vocabulary/team-roles';

// Imports of contacts and policies, and the duplicates they (or the broker) made: the pipeline
// service, which owns the contacts; a policies import writes its policies through finance.

export const createImport = {
  id: 'imports.create',
  method: 'POST',
  path: '/api/imports',
  access: 'signed-in',
  status: 201,
  upload: { field: 'file', fields: phantom as typeof ImportFieldsSchema },
  answer: phantom as ImportCreated,
} as const satisfies Operation;
export const imports = {
  id: 'imports.list',
  method: 'GET',
  path: '/api/imports',
  access: 'signed-in',
  answer: phantom as ImportSummary[],
} as const satisfies Operation;
export const importDetail = {
  id: 'imports.get',
  method: 'GET',
  path: '/api/imports/:id',
  access: 'signed-in',
  notFound: NOT_FOUND.import,
  query: phantom as typeof ImportRowsQuerySchema,
  answer: phantom as ImportDetail,
} as const satisfies Operation;
export const importMapping = {
  id: 'imports.mapping',
  method: 'PUT',
  path: '/api/imports/:id/mapping',
  access: 'signed-in',
  notFound: NOT_FOUND.import,
  body: phantom as typeof ImportMappingSchema,
  answer: phantom as ImportDetail,
} as const satisfies Operation;
export const importErrors = {
  id: 'imports.errors',
  method: 'GET',
  path: '/api/imports/:id/errors.csv',
  access: 'signed-in',
  notFound: NOT_FOUND.import,
  produces: 'text/csv',
} as const satisfies Operation;
export const commitImport = {
  id: 'imports.commit',
  method: 'POST',
  path: '/api/imports/:id/commit',
  access: 'signed-in',
  status: 202,
  body: phantom as typeof ImportCommitSchema,
  notFound: NOT_FOUND.import,
  answer: phantom as ImportDetail,
} as const satisfies Operation;
export const undoImport = {
  id: 'imports.undo',
  method: 'DELETE',
  path: '/api/imports/:id',
  access: 'signed-in',
  notFound: NOT_FOUND.import,
  answer: phantom as ImportDetail,
} as const satisfies Operation;
export const contactDuplicates = {
  id: 'contacts.duplicates',
  method: 'GET',
  path: '/api/contacts/duplicates',
  access: 'signed-in',
  answer: phantom as DuplicateGroup[],
} as const satisfies Operation;
export const mergeContacts = {
  id: 'contacts.merge',
  method: 'POST',
  path: '/api/contacts/:id/merge',
  access: 'signed-in',
  notFound: NOT_FOUND.contact,
  body: phantom as typeof ContactMergeSchema,
  answer: phantom as MergeResult,
} as const satisfies Operation;

// Insurers' commission statements (extratos): imports of kind 'statement', the same life (file,
// mapping remembered per insurer, preview, commit, undo) under their own paths, run by finance,
// which keeps the lines.
export const createStatement = {
  id: 'statements.create',
  method: 'POST',
  path: '/api/statements',
  access: 'signed-in',
  roles: MANAGERS,
  status: 201,
  upload: { field: 'file', fields: phantom as typeof StatementFieldsSchema },
  answer: phantom as ImportCreated,
} as const satisfies Operation;
export const statements = {
  id: 'statements.list',
  method: 'GET',
  path: '/api/statements',
  access: 'signed-in',
  roles: MANAGERS,
  answer: phantom as ImportSummary[],
} as const satisfies Operation;
export const statementDetail = {
  id: 'statements.get',
  method: 'GET',
  path: '/api/statements/:id',
  access: 'signed-in',
  roles: MANAGERS,
  notFound: NOT_FOUND.statement,
  query: phantom as typeof ImportRowsQuerySchema,
  answer: phantom as ImportDetail,
} as const satisfies Operation;
export const statementMapping = {
  id: 'statements.mapping',
  method: 'PUT',
  path: '/api/statements/:id/mapping',
  access: 'signed-in',
  roles: MANAGERS,
  notFound: NOT_FOUND.statement,
  body: phantom as typeof ImportMappingSchema,
  answer: phantom as ImportDetail,
} as const satisfies Operation;
export const statementErrors = {
  id: 'statements.errors',
  method: 'GET',
  path: '/api/statements/:id/errors.csv',
  access: 'signed-in',
  roles: MANAGERS,
  notFound: NOT_FOUND.statement,
  produces: 'text/csv',
} as const satisfies Operation;
export const commitStatement = {
  id: 'statements.commit',
  method: 'POST',
  path: '/api/statements/:id/commit',
  access: 'signed-in',
  roles: MANAGERS,
  status: 202,
  notFound: NOT_FOUND.statement,
  answer: phantom as ImportDetail,
} as const satisfies Operation;
export const undoStatement = {
  id: 'statements.undo',
  method: 'DELETE',
  path: '/api/statements/:id',
  access: 'signed-in',
  roles: MANAGERS,
  notFound: NOT_FOUND.statement,
  answer: phantom as ImportDetail,
} as const satisfies Operation;

/** The history of a kind of import that moved to finance (statements), handed over by the pipeline once. */
export const handOverImports = {
  id: 'imports.handOver',
  method: 'POST',
  path: '/internal/finance/:userId/imports/handed-over',
  access: 'internal',
  body: phantom as typeof ImportHandOverSchema,
  /** The import's id where it now lives (its old id when it was free); null for mappings alone. */
  answer: phantom as { id: number | null },
} as const satisfies Operation;
