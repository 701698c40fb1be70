import { IMPORT_MAX_BYTES, IMPORT_OPERATIONS as OPS } from '@corretora/contracts';
import { TEXT, route, sendCsv, singleFileUpload } from '@corretora/service-kit';
import type Koa from 'koa';
import type Router from '@koa/router';
import type { ImportsService } from './imports.service';
import { XLSX_MIME } from './sheet-file';

const importUpload = singleFileUpload({
  field: 'file',
  fields: ['kind', 'sheet'],
  maxBytes: IMPORT_MAX_BYTES,
  accept: [TEXT, XLSX_MIME],
  messages: {
    notMultipart: 'Envie a planilha como multipart/form-data, no campo file, com o tipo (kind).',
    tooLarge: 'A planilha deve ter no máximo 20 MB.',
    onlyTheFile: 'Envie uma planilha por vez, com o tipo (kind) e, se quiser, a aba (sheet).',
    missing: 'Selecione a planilha (CSV, TXT ou XLSX) para importar.',
    wrongType: 'O arquivo não é uma planilha: envie CSV, TXT ou XLSX (Excel). XLS antigo: salve como XLSX ou CSV.',
  },
});

const statementUpload = singleFileUpload({
  field: 'file',
  fields: ['insurerId', 'sheet'],
  maxBytes: IMPORT_MAX_BYTES,
  accept: [TEXT, XLSX_MIME],
  messages: {
    notMultipart: 'Envie o extrato como multipart/form-data, no campo file, com a seguradora (insurerId).',
    tooLarge: 'O extrato deve ter no máximo 20 MB.',
    onlyTheFile: 'Envie um extrato por vez, com a seguradora (insurerId) e, se quiser, a aba (sheet).',
    missing: 'Selecione o extrato (CSV, TXT ou XLSX) para importar.',
    wrongType: 'O arquivo não é uma planilha: envie o extrato em CSV, TXT ou XLSX (Excel). XLS antigo: salve como XLSX ou CSV.',
  },
});

function errorsCsvRoute(imports: ImportsService) {
  return async ({ user, params, ctx }: { user: { id: string }; params: { id: number }; ctx: Koa.Context }) => {
    const csv = await imports.errorsCsv(user.id, params.id);
    return sendCsv(ctx, csv.fileName, csv.body);
  };
}

export function importsRoutes(router: Router, imports: ImportsService): void {
  route(router, OPS.imports, ({ user }) => imports.list(user.id));
  route(router, OPS.createImport, ({ user, file, body }) => imports.create(user, file, body), importUpload);
  route(router, OPS.importErrors, errorsCsvRoute(imports));
  route(router, OPS.importDetail, ({ user, params, query }) => imports.detail(user.id, params.id, query));
  // The preview's first page; the wizard pages on with GET.
  route(router, OPS.importMapping, ({ user, params, body }) => imports.setMapping(user.id, params.id, body, { offset: 0, limit: 100 }));
  route(router, OPS.commitImport, ({ user, params }) => imports.commit(user.id, params.id));
  route(router, OPS.undoImport, ({ user, params }) => imports.undo(user.id, params.id));
}

/** An insurer's statements: the same import, under /api/statements, answering statements only. */
export function statementsRoutes(router: Router, imports: ImportsService): void {
  const statement = async <T>(userId: string, id: number, work: () => Promise<T>): Promise<T> => {
    await imports.assertStatement(userId, id);
    return work();
  };
  const errors = errorsCsvRoute(imports);
  route(router, OPS.statements, ({ user }) => imports.list(user.id, true));
  route(router, OPS.createStatement, ({ user, file, body }) => imports.create(user, file, body), statementUpload);
  route(router, OPS.statementErrors, (request) => statement(request.user.id, request.params.id, () => errors(request)));
  route(router, OPS.statementDetail, ({ user, params, query }) =>
    statement(user.id, params.id, () => imports.detail(user.id, params.id, query)),
  );
  route(router, OPS.statementMapping, ({ user, params, body }) =>
    statement(user.id, params.id, () => imports.setMapping(user.id, params.id, body, { offset: 0, limit: 100 })),
  );
  route(router, OPS.commitStatement, ({ user, params }) => statement(user.id, params.id, () => imports.commit(user.id, params.id)));
  route(router, OPS.undoStatement, ({ user, params }) => statement(user.id, params.id, () => imports.undo(user.id, params.id)));
}
