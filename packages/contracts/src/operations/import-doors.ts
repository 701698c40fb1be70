import * as OPS from './imports.operations';

/**
 * The doors of an import's life, each the same shapes under its own paths: contacts and policies
 * under /api/imports (the pipeline), an insurer's statements under /api/statements (finance). The
 * import wizard walks one of them.
 */
export const IMPORT_DOOR = {
  list: OPS.imports,
  create: OPS.createImport,
  detail: OPS.importDetail,
  mapping: OPS.importMapping,
  commit: OPS.commitImport,
  undo: OPS.undoImport,
  errors: OPS.importErrors,
} as const;

export const STATEMENT_DOOR = {
  list: OPS.statements,
  create: OPS.createStatement,
  detail: OPS.statementDetail,
  mapping: OPS.statementMapping,
  commit: OPS.commitStatement,
  undo: OPS.undoStatement,
  errors: OPS.statementErrors,
} as const;

export type ImportDoor = typeof IMPORT_DOOR | typeof STATEMENT_DOOR;
