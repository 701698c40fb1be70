import {
  DOCUMENT_CATEGORY_VALUES,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MIME_TYPES,
  DocumentFieldsSchema,
  POLICY_PDF_MAX_BYTES,
  type DocumentCategory,
} from '@corretora/contracts';
import { HttpError, currentUser, parseBody, parseIdParam, requireUser, singleFileUpload, type UploadedFile } from '@corretora/service-kit';
import type Router from '@koa/router';
import { DOCUMENT_NOT_FOUND, type DocumentsService } from './documents.service';

const FIELDS = ['category', 'description', 'contactId', 'cardId'] as const;

const documentUpload = singleFileUpload({
  field: 'file',
  fields: FIELDS,
  maxBytes: DOCUMENT_MAX_BYTES,
  accept: Object.keys(DOCUMENT_MIME_TYPES),
  messages: {
    notMultipart: 'Envie o documento como multipart/form-data.',
    tooLarge: 'O documento deve ter no máximo 10 MB.',
    onlyTheFile: 'Envie um arquivo por vez, com a categoria.',
    missing: 'Selecione um arquivo para enviar.',
    wrongType: 'Tipo de arquivo não permitido. Envie PDF, DOC, DOCX, XLS ou XLSX.',
  },
});

const policyPdfUpload = singleFileUpload({
  field: 'file',
  fields: FIELDS,
  maxBytes: POLICY_PDF_MAX_BYTES,
  accept: ['application/pdf'],
  messages: {
    notMultipart: 'Envie a apólice como multipart/form-data.',
    tooLarge: 'O PDF da apólice deve ter no máximo 25 MB.',
    onlyTheFile: 'Envie um arquivo por vez.',
    missing: 'Selecione o PDF da apólice.',
    wrongType: 'A apólice deve ser um arquivo PDF.',
  },
});

/** RFC 6266 / 5987: an ASCII fallback and the exact UTF-8 name. */
function attachment(name: string): string {
  const ascii = name.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '_') || 'arquivo';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function documentsRoutes(router: Router, documents: DocumentsService): void {
  router.get('/api/documents', requireUser, async (ctx) => {
    const raw = ctx.query.category;
    if (raw !== undefined && (typeof raw !== 'string' || !(DOCUMENT_CATEGORY_VALUES as string[]).includes(raw))) throw new HttpError(400, 'Categoria inválida.');
    ctx.body = await documents.list(currentUser(ctx).id, (raw as DocumentCategory | undefined) ?? null);
  });

  // The documents screen: any accepted type, 10 MB.
  router.post('/api/documents/upload', requireUser, documentUpload, async (ctx) => {
    const file = ctx.state.file as UploadedFile;
    ctx.status = 201;
    ctx.body = await documents.store(currentUser(ctx).id, file, parseBody(DocumentFieldsSchema, file.fields));
  });

  // The policy PDF attached from a Finalizado card's summary: PDF only, 25 MB, category policies.
  router.post('/api/documents', requireUser, policyPdfUpload, async (ctx) => {
    const file = ctx.state.file as UploadedFile;
    const meta = parseBody(DocumentFieldsSchema, { category: 'policies', ...file.fields });
    if (meta.category !== 'policies') throw new HttpError(400, 'O PDF da apólice vai na categoria Apólices.');
    ctx.status = 201;
    ctx.body = await documents.store(currentUser(ctx).id, file, meta);
  });

  router.get('/api/documents/:id/download', requireUser, async (ctx) => {
    const { stream, document } = await documents.open(currentUser(ctx).id, parseIdParam(ctx.params.id, DOCUMENT_NOT_FOUND));
    ctx.set('Content-Type', document.mimeType);
    ctx.set('Content-Length', String(document.fileSize));
    ctx.set('Content-Disposition', attachment(document.originalName));
    ctx.set('X-Content-Type-Options', 'nosniff');
    // Opened in a tab anyway (a PDF viewer, say), the file runs no script and reaches nothing of ours.
    ctx.set('Content-Security-Policy', "sandbox; default-src 'none'");
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = stream;
  });

  router.delete('/api/documents/:id', requireUser, async (ctx) => {
    await documents.remove(currentUser(ctx).id, parseIdParam(ctx.params.id, DOCUMENT_NOT_FOUND));
    ctx.status = 204;
  });
}
