import { FINANCE_OPERATIONS, NOT_FOUND, POLICY_PDF_MAX_BYTES } from '@corretora/contracts';
import { HttpError, type InternalClient } from '@corretora/service-kit';

/** A document going to a client in a reply: its bytes, name and type as finance keeps them. */
export interface Attachment {
  bytes: Buffer;
  name: string;
  mimeType: string;
}

const NO_DOCUMENTS = 'Os documentos não estão disponíveis agora: envie o texto e tente o documento de novo em instantes.';

/**
 * One of the brokerage's documents (Documentos, the ficha's), read from finance as the member
 * sees them: a colleague's client's or another brokerage's is "not found" (a 400 on the field, as
 * every id in a body), and one of another client is refused there (it would leak their data).
 */
export async function documentFor(
  finance: InternalClient | null,
  userId: string,
  documentId: number,
  contactId: number,
): Promise<Attachment> {
  if (!finance) throw new HttpError(400, NO_DOCUMENTS, [{ path: 'documentId', message: NO_DOCUMENTS }]);
  try {
    // Finance keeps documents of up to 25 MB (a policy's PDF); Meta takes documents of up to 100 MB.
    return await finance.file(
      FINANCE_OPERATIONS.documentFile,
      { params: { userId, id: documentId }, query: { contactId: String(contactId) } },
      POLICY_PDF_MAX_BYTES,
    );
  } catch (error) {
    if (error instanceof HttpError && error.status === 404)
      throw new HttpError(400, NOT_FOUND.document, [{ path: 'documentId', message: NOT_FOUND.document }]);
    throw error;
  }
}
