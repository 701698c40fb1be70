import type { Readable } from 'node:stream';
import {
  FINANCE_OPERATIONS as OPS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MIME_TYPES,
  POLICY_PDF_MAX_BYTES,
  type StoredDocument,
} from '@corretora/contracts';
import { route, sendFile, singleFileUpload } from '@corretora/service-kit';
import type Router from '@koa/router';
import type Koa from 'koa';
import type { DocumentsService } from './documents.service';

const FIELDS = ['category', 'description', 'contactId', 'cardId', 'policyId', 'claimId'] as const;

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

/** A stored document as a download (the kit's sendFile). */
export function sendStoredFile(ctx: Koa.Context, { stream, document }: { stream: Readable; document: StoredDocument }): undefined {
  return sendFile(ctx, { stream, name: document.originalName, mimeType: document.mimeType, size: document.fileSize });
}

export function documentsRoutes(router: Router, documents: DocumentsService): void {
  route(router, OPS.documents, ({ user, query }) => documents.list(user.id, query));

  // The documents screen: any accepted type, 10 MB.
  route(router, OPS.uploadDocument, ({ user, file, body }) => documents.store(user.id, file, body), documentUpload);

  // The policy PDF attached from a Finalizado card's summary: PDF only, 25 MB, category policies.
  route(router, OPS.attachPolicyPdf, ({ user, file, body }) => documents.store(user.id, file, body), policyPdfUpload);

  route(router, OPS.downloadDocument, async ({ user, params, ctx }) => sendStoredFile(ctx, await documents.open(user.id, params.id)));

  route(router, OPS.removeDocument, ({ user, params }) => documents.remove(user.id, params.id));
}

/** A document's file for the pipeline, sending it to a client (the internal listener only). */
export function documentFileRoutes(router: Router, documents: DocumentsService): void {
  route(router, OPS.documentFile, async ({ params, query, ctx }) =>
    sendStoredFile(ctx, await documents.open(params.userId, params.id, query.contactId)),
  );
}
