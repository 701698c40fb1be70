import { randomUUID } from 'node:crypto';
import {
  DOCUMENT_CATEGORY_VALUES,
  DOCUMENT_MIME_TYPES,
  NOT_FOUND,
  STORAGE_QUOTA_BYTES,
  type DocumentCategory,
  type DocumentList,
  type DocumentQuery,
  type StoredDocument,
} from '@corretora/contracts';
import { type BrokerScopedTable, HttpError, recordActivity, type ObjectStore, type UploadedFile } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import type { Readable } from 'node:stream';
import { CARD_OF_ANOTHER_CONTACT, type PipelineLookup } from '../pipeline/pipeline-lookup';

export const DOCUMENT_NOT_FOUND = NOT_FOUND.document;
export const FILE_MISSING =
  'O arquivo deste documento não foi encontrado no armazenamento. O registro foi removido; envie o documento novamente.';
export const QUOTA_EXCEEDED = 'Espaço de armazenamento esgotado: o limite da conta é de 10 GB. Exclua documentos para enviar outros.';

export interface DocumentMeta {
  category: DocumentCategory;
  description: string | null;
  contactId: number | null;
  cardId: number | null;
  policyId?: number | null;
  claimId?: number | null;
}

const POLICY_MISSING = 'Apólice não encontrada.';
const ANOTHER_CLIENTS_DOCUMENT = 'Este documento é de outro cliente: escolha um documento deste cliente.';
const CLAIM_MISSING = 'Sinistro não encontrado.';
const OF_ANOTHER_CLIENT = 'Este registro é de outro cliente.';

const COLUMNS = [
  'id',
  'originalName',
  'fileSize',
  'mimeType',
  'category',
  'contactId',
  'policyId',
  'claimId',
  'cardId',
  'description',
  'uploadedAt',
] as const;
type DocumentRow = Omit<StoredDocument, 'fileSize' | 'uploadedAt'> & { fileSize: string | number; uploadedAt: Date };
/**
 * A name safe to show and to download under: no path, no control or format characters (bidi
 * overrides such as U+202E make 'fatura\u202Efdp.exe' read as 'faturaexe.pdf'), bounded, and ending
 * in the extension of the type its bytes are, whatever the name said ('evil.html' holding a PDF is
 * 'evil.pdf'). Applied when stored and again when read, so older rows are shown the same way.
 */
export function displayName(name: string, mime: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  const stem =
    clean
      .replace(/\.[^.\s]{1,10}$/u, '')
      .replace(/[.\s]+$/u, '')
      .slice(0, 240) || 'arquivo';
  const extension = (DOCUMENT_MIME_TYPES as Record<string, string>)[mime]?.toLowerCase();
  return extension ? `${stem}.${extension}` : stem;
}

const toDocument = (row: DocumentRow): StoredDocument => ({
  ...row,
  originalName: displayName(row.originalName, row.mimeType),
  fileSize: Number(row.fileSize),
  uploadedAt: row.uploadedAt.toISOString(),
});

/** Where a broker's files live in the S3 store: every object of theirs starts with it. */
export function documentKeyPrefix(userId: string): string {
  return `documents/${userId}/`;
}

/**
 * Documents of one broker in the S3 store. Upload: the object is written first (streamed from the
 * request's temporary file); then one transaction moves the broker's usage (a conditional UPDATE:
 * parallel uploads cannot pass the quota together) and inserts the row. If that fails, the object
 * is removed: a failed object write leaves no row, a failed row write leaves no object.
 */
export class DocumentsService {
  private readonly documents: BrokerScopedTable;
  private readonly usage: BrokerScopedTable;
  private readonly policies: BrokerScopedTable;
  private readonly claims: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly objects: ObjectStore,
    private readonly pipeline: PipelineLookup,
  ) {
    this.documents = tables.scoped(knex, 'documents');
    this.usage = tables.scoped(knex, 'storage_usage');
    this.policies = tables.scoped(knex, 'policies');
    this.claims = tables.scoped(knex, 'claims');
  }

  async list(userId: string, filter: DocumentQuery): Promise<DocumentList> {
    const rows = await this.documents
      .of(userId)
      .rows()
      .modify((query) => {
        if (filter.category) query.andWhere({ category: filter.category });
        if (filter.contactId !== undefined) query.andWhere({ contactId: filter.contactId });
        if (filter.policyId !== undefined) query.andWhere({ policyId: filter.policyId });
        if (filter.claimId !== undefined) query.andWhere({ claimId: filter.claimId });
      })
      .orderBy([
        { column: 'uploadedAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .select<DocumentRow[]>(COLUMNS);
    const counted = await this.documents
      .of(userId)
      .rows()
      .groupBy('category')
      .select<{ category: DocumentCategory; count: string }[]>('category', this.knex.raw('count(*) as count'));
    const counts = Object.fromEntries(DOCUMENT_CATEGORY_VALUES.map((value) => [value, 0])) as Record<DocumentCategory, number>;
    for (const row of counted) counts[row.category] = Number(row.count);
    return { items: rows.map(toDocument), counts, usedBytes: await this.usedBytes(userId), quotaBytes: STORAGE_QUOTA_BYTES };
  }

  private async usedBytes(userId: string, trx: Knex | Knex.Transaction = this.knex): Promise<number> {
    const row = await this.usage.of(userId, trx).rows().first('usedBytes');
    return Number(row?.usedBytes ?? 0);
  }

  /**
   * Every id in the body is the broker's (a 400 on its field otherwise); a card, a policy and a claim
   * are the contact's, and a claim its policy's. The client follows from the policy or the claim when
   * not given. Answers the contact to store.
   */
  private async checkReferences(userId: string, meta: DocumentMeta): Promise<number | null> {
    const refuse = (path: string, message: string) => new HttpError(400, message, [{ path, message }]);
    const [, card, policy, claim] = await Promise.all([
      meta.contactId === null ? null : this.pipeline.contact(userId, meta.contactId),
      meta.cardId === null ? null : this.pipeline.card(userId, meta.cardId),
      meta.policyId
        ? (this.policies.of(userId).byId(meta.policyId).first('contactId') as Promise<{ contactId: number | null } | undefined>)
        : null,
      meta.claimId
        ? (this.claims.of(userId).byId(meta.claimId).first('contactId', 'policyId') as Promise<
            { contactId: number; policyId: number | null } | undefined
          >)
        : null,
    ]);
    if (card && meta.contactId !== null && card.contactId !== meta.contactId) throw refuse('cardId', CARD_OF_ANOTHER_CONTACT);
    if (meta.policyId && !policy) throw refuse('policyId', POLICY_MISSING);
    if (meta.claimId && !claim) throw refuse('claimId', CLAIM_MISSING);
    if (claim && meta.policyId && claim.policyId !== null && claim.policyId !== meta.policyId)
      throw refuse('claimId', 'Este sinistro é de outra apólice.');
    const contactId = meta.contactId ?? claim?.contactId ?? policy?.contactId ?? null;
    if (policy && policy.contactId !== null && contactId !== null && policy.contactId !== contactId)
      throw refuse('policyId', OF_ANOTHER_CLIENT);
    if (claim && contactId !== null && claim.contactId !== contactId) throw refuse('claimId', OF_ANOTHER_CLIENT);
    return contactId;
  }

  async store(userId: string, file: UploadedFile, meta: DocumentMeta): Promise<StoredDocument> {
    const contactId = await this.checkReferences(userId, meta);
    // Refused early when it clearly cannot fit; the transaction below is what guarantees it.
    if ((await this.usedBytes(userId)) + file.size > STORAGE_QUOTA_BYTES) throw new HttpError(413, QUOTA_EXCEEDED);
    const key = `${documentKeyPrefix(userId)}${randomUUID()}`;
    await this.objects.putFile(key, file.path, file.size, file.mime);
    try {
      return await this.knex.transaction(async (trx) => {
        const { rows } = await trx.raw<{ rows: unknown[] }>(
          `insert into storage_usage (user_id, used_bytes) values (?, ?)
           on conflict (user_id) do update set used_bytes = storage_usage.used_bytes + excluded.used_bytes
           where storage_usage.used_bytes + excluded.used_bytes <= ?
           returning used_bytes`,
          [userId, file.size, STORAGE_QUOTA_BYTES],
        );
        if (rows.length === 0) throw new HttpError(413, QUOTA_EXCEEDED);
        const [row] = await this.documents
          .of(userId, trx)
          .insert({
            contactId,
            cardId: meta.cardId,
            policyId: meta.policyId ?? null,
            claimId: meta.claimId ?? null,
            fileName: key,
            originalName: displayName(file.originalName, file.mime),
            fileSize: file.size,
            mimeType: file.mime,
            category: meta.category,
            description: meta.description,
          })
          .returning<DocumentRow[]>(COLUMNS);
        await recordActivity(trx, userId, {
          type: 'document_uploaded',
          subject: row!.originalName,
          detail: meta.category,
          contactId: row!.contactId,
        });
        return toDocument(row!);
      });
    } catch (error) {
      await this.objects.removeObject(key).catch(() => undefined);
      throw error;
    }
  }

  /** The owner's file only (another broker's id is a 404), as stored. */
  /** The file of a document; `forContact`: it goes to that client (a WhatsApp reply), so it must be theirs or no client's. */
  async open(userId: string, id: number, forContact?: number): Promise<{ stream: Readable; document: StoredDocument }> {
    const row = await this.documents
      .of(userId)
      .byId(id)
      .first<(DocumentRow & { fileName: string }) | undefined>([...COLUMNS, 'fileName']);
    if (!row) throw new HttpError(404, DOCUMENT_NOT_FOUND);
    if (forContact !== undefined && row.contactId !== null && row.contactId !== forContact)
      throw new HttpError(400, ANOTHER_CLIENTS_DOCUMENT, [{ path: 'documentId', message: ANOTHER_CLIENTS_DOCUMENT }]);
    const { fileName, ...document } = row;
    try {
      return { stream: await this.objects.getObject(fileName), document: toDocument(document) };
    } catch (error) {
      if ((error as { code?: string }).code !== 'NoSuchKey') throw error;
      // A row whose file is gone (the store lost it, or an older version wrote the row too late):
      // the row goes too, with its bytes in the usage, and the broker gets a clean 404.
      await this.remove(userId, id).catch(() => undefined);
      throw new HttpError(404, FILE_MISSING);
    }
  }

  /** The row and the object go together: the object is removed inside the row's transaction. */
  async remove(userId: string, id: number): Promise<void> {
    await this.knex.transaction(async (trx) => {
      const [row] = await this.documents
        .of(userId, trx)
        .byId(id)
        .delete()
        .returning<{ fileName: string; fileSize: string }[]>(['fileName', 'fileSize']);
      if (!row) throw new HttpError(404, DOCUMENT_NOT_FOUND);
      await this.usage
        .of(userId, trx)
        .rows()
        .update({ usedBytes: trx.raw('greatest(used_bytes - ?, 0)', [Number(row.fileSize)]) });
      await this.objects.removeObject(row.fileName);
    });
  }
}
