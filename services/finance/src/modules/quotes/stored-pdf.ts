import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { StoredDocument } from '@corretora/contracts';
import type { DocumentsService } from '../documents/documents.service';

/** A PDF made here, kept among the client's documents (the deal's) through the documents' own door: quota, activity, S3. */
export async function storePdf(
  documents: DocumentsService,
  userId: string,
  bytes: Buffer,
  meta: { fileName: string; description: string; contactId: number; cardId: number | null },
): Promise<StoredDocument> {
  const file = path.join(os.tmpdir(), `corretora-${randomUUID()}.pdf`);
  await writeFile(file, bytes);
  try {
    return await documents.store(
      userId,
      { path: file, size: bytes.length, mime: 'application/pdf', originalName: meta.fileName, fields: {} },
      { category: 'contracts', description: meta.description, contactId: meta.contactId, cardId: meta.cardId },
    );
  } finally {
    await rm(file, { force: true });
  }
}
