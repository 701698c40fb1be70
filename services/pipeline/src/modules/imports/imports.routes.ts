import { IMPORT_MAX_BYTES, IMPORT_OPERATIONS as OPS } from '@corretora/contracts';
import { TEXT, route, singleFileUpload } from '@corretora/service-kit';
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

export function importsRoutes(router: Router, imports: ImportsService): void {
  route(router, OPS.imports, ({ user }) => imports.list(user.id));
  route(router, OPS.createImport, ({ user, file, body }) => imports.create(user, file, body), importUpload);
  route(router, OPS.importErrors, async ({ user, params, ctx }) => {
    const csv = await imports.errorsCsv(user.id, params.id);
    ctx.set('Content-Disposition', `attachment; filename="${csv.fileName}"`);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = csv.body;
    return undefined;
  });
  route(router, OPS.importDetail, ({ user, params, query }) => imports.detail(user.id, params.id, query));
  // The preview's first page; the wizard pages on with GET.
  route(router, OPS.importMapping, ({ user, params, body }) => imports.setMapping(user.id, params.id, body, { offset: 0, limit: 100 }));
  route(router, OPS.commitImport, ({ user, params }) => imports.commit(user.id, params.id));
  route(router, OPS.undoImport, ({ user, params }) => imports.undo(user.id, params.id));
}
