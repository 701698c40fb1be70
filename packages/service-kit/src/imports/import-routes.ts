import { IMPORT_MAX_BYTES, IMPORT_OPERATIONS as OPS, NOT_FOUND, type ImportKind, type ImportSummary } from '@corretora/contracts';
import { HttpError } from '../errors';
import type Router from '@koa/router';
import type { Knex } from 'knex';
import type Koa from 'koa';
import { sendCsv } from '../csv';
import { route } from '../operations';
import { TEXT, singleFileUpload, type SingleFileOptions } from '../upload';
import { receiveImports } from './import-handover';
import type { ImportsService } from './imports.service';
import { XLSX_MIME } from './sheet-file';

/** A spreadsheet (CSV, TXT or XLSX) of at most 20 MB in the field `file`, with these text fields beside it. */
const sheetUpload = (fields: string[], messages: SingleFileOptions['messages']) =>
  singleFileUpload({ field: 'file', fields, maxBytes: IMPORT_MAX_BYTES, accept: [TEXT, XLSX_MIME], messages });

const importUpload = sheetUpload(['kind', 'sheet'], {
  notMultipart: 'Envie a planilha como multipart/form-data, no campo file, com o tipo (kind).',
  tooLarge: 'A planilha deve ter no máximo 20 MB.',
  onlyTheFile: 'Envie uma planilha por vez, com o tipo (kind) e, se quiser, a aba (sheet).',
  missing: 'Selecione a planilha (CSV, TXT ou XLSX) para importar.',
  wrongType: 'O arquivo não é uma planilha: envie CSV, TXT ou XLSX (Excel). XLS antigo: salve como XLSX ou CSV.',
});

const statementUpload = sheetUpload(['insurerId', 'sheet'], {
  notMultipart: 'Envie o extrato como multipart/form-data, no campo file, com a seguradora (insurerId).',
  tooLarge: 'O extrato deve ter no máximo 20 MB.',
  onlyTheFile: 'Envie um extrato por vez, com a seguradora (insurerId) e, se quiser, a aba (sheet).',
  missing: 'Selecione o extrato (CSV, TXT ou XLSX) para importar.',
  wrongType: 'O arquivo não é uma planilha: envie o extrato em CSV, TXT ou XLSX (Excel). XLS antigo: salve como XLSX ou CSV.',
});

/**
 * Every path of a door answers only its kinds: an import of another kind is an id that does not
 * exist there, or, at a door shared with another service, one that service may hold: the 404 then
 * carries `X-Accel-Redirect` to it, and the gateway sends the request there instead.
 */
function doorOf(imports: ImportsService, kinds: readonly ImportKind[], notFound: string, handOn?: string) {
  return async <T>(userId: string, id: number, ctx: Koa.Context, work: () => Promise<T>): Promise<T> => {
    try {
      await imports.assertKind(userId, id, kinds, notFound);
    } catch (error) {
      if (handOn) ctx.set('X-Accel-Redirect', handOn);
      throw error;
    }
    return work();
  };
}

/** A door shared with another service (/api/imports): where the gateway hands on what is not here, and that service's list. */
export interface SharedDoor {
  /** The gateway's location of the other service (the registry's fallbackLocation). */
  handOn: string;
  /** Its imports, listed with this service's (newest first). */
  theirs(userId: string): Promise<ImportSummary[]>;
}

function errorsCsv(imports: ImportsService, userId: string, id: number, ctx: Koa.Context) {
  return async () => {
    const csv = await imports.errorsCsv(userId, id);
    return sendCsv(ctx, csv.fileName, csv.body);
  };
}

/**
 * `/api/imports`: the imports of the kinds this service owns; at a door shared with another
 * service (`shared`), the rest is that service's (the pipeline's contacts, finance's policies). A commit
 * may give the records to another member (`responsibleId`), whom `verifyResponsible` accepts first
 * (an owner or admin naming an active member: the kit's assertResponsible).
 */
export function importsRoutes(
  router: Router,
  imports: ImportsService,
  kinds: readonly ImportKind[],
  verifyResponsible: (userId: string, memberId: string) => Promise<void>,
  shared?: SharedDoor,
): void {
  const door = doorOf(imports, kinds, NOT_FOUND.import, shared?.handOn);
  route(router, OPS.imports, async ({ user }) => {
    const [ours, theirs] = await Promise.all([imports.list(user.id, kinds), shared?.theirs(user.id) ?? []]);
    return [...ours, ...theirs].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id).slice(0, 200);
  });
  route(
    router,
    OPS.createImport,
    ({ user, file, body, ctx }) => {
      if (!kinds.includes(body.kind)) {
        // Another service's kind: the gateway sends the upload there (no other door has it: a 404).
        if (shared) ctx.set('X-Accel-Redirect', shared.handOn);
        throw new HttpError(404, NOT_FOUND.import);
      }
      return imports.create(user, file, { kind: body.kind, insurerId: null, sheet: body.sheet });
    },
    importUpload,
  );
  route(router, OPS.importErrors, ({ user, params, ctx }) => door(user.id, params.id, ctx, errorsCsv(imports, user.id, params.id, ctx)));
  route(router, OPS.importDetail, ({ user, params, query, ctx }) =>
    door(user.id, params.id, ctx, () => imports.detail(user.id, params.id, query)),
  );
  // The preview's first page; the wizard pages on with GET.
  route(router, OPS.importMapping, ({ user, params, body, ctx }) =>
    door(user.id, params.id, ctx, () => imports.setMapping(user.id, params.id, body, { offset: 0, limit: 100 })),
  );
  route(router, OPS.commitImport, ({ user, params, body, ctx }) =>
    door(user.id, params.id, ctx, async () => {
      if (body.responsibleId !== undefined) await verifyResponsible(user.id, body.responsibleId);
      return imports.commit(user.id, params.id, body.responsibleId);
    }),
  );
  route(router, OPS.undoImport, ({ user, params, ctx }) => door(user.id, params.id, ctx, () => imports.undo(user.id, params.id)));
}

/** `/api/statements`: an insurer's statements, the same life under their own paths. */
export function statementsRoutes(router: Router, imports: ImportsService): void {
  const kinds = ['statement'] as const;
  const door = doorOf(imports, kinds, NOT_FOUND.statement);
  route(router, OPS.statements, ({ user }) => imports.list(user.id, kinds));
  route(
    router,
    OPS.createStatement,
    ({ user, file, body }) => imports.create(user, file, { kind: 'statement', insurerId: body.insurerId, sheet: body.sheet }),
    statementUpload,
  );
  route(router, OPS.statementErrors, ({ user, params, ctx }) => door(user.id, params.id, ctx, errorsCsv(imports, user.id, params.id, ctx)));
  route(router, OPS.statementDetail, ({ user, params, query, ctx }) =>
    door(user.id, params.id, ctx, () => imports.detail(user.id, params.id, query)),
  );
  route(router, OPS.statementMapping, ({ user, params, body, ctx }) =>
    door(user.id, params.id, ctx, () => imports.setMapping(user.id, params.id, body, { offset: 0, limit: 100 })),
  );
  route(router, OPS.commitStatement, ({ user, params, ctx }) => door(user.id, params.id, ctx, () => imports.commit(user.id, params.id)));
  route(router, OPS.undoStatement, ({ user, params, ctx }) => door(user.id, params.id, ctx, () => imports.undo(user.id, params.id)));
}

/** The internal door through which a kind's history arrives when it moves to this service (handOverImports). */
export function importHandOverRoutes(router: Router, knex: Knex): void {
  route(router, OPS.handOverImports, ({ params, body }) => receiveImports(knex, params.userId, body));
}
