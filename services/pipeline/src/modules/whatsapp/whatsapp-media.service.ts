import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { NOT_FOUND } from '@corretora/contracts';
import { HttpError, runAsMember, type BrokerScopedTable, type JobAttempt, type Jobs, type ObjectStore } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { tables } from '../../tables';
import { MediaTooLarge, type CloudApi } from './cloud-api';
import type { WhatsappSettingsService } from './whatsapp-settings.service';

export const MEDIA_JOB = 'whatsapp_media';
const MEDIA_MAX_BYTES = 100 * 1024 * 1024;
const RETRIES = 8;
const TOO_LARGE = 'Arquivo acima de 100 MB: veja-o no WhatsApp do cliente.';
const DISCONNECTED = 'O WhatsApp da corretora foi desconectado antes de o arquivo chegar.';
const NO_FILE = 'O arquivo desta mensagem não está guardado.';
const NOT_RECEIVED = 'Não foi possível receber o arquivo da Meta: peça ao cliente que o envie de novo.';
const NOT_THE_FILE = 'O arquivo recebido da Meta não confere com o que ela informou (SHA-256): peça ao cliente que o envie de novo.';

interface MediaRow {
  id: number;
  conversationId: number;
  mediaId: string | null;
  mediaMime: string | null;
  mediaName: string | null;
  mediaSha256: string | null;
  mediaKey: string | null;
  mediaSize: number | null;
}

/** Where a brokerage's WhatsApp files live in the store (an erasure and Limpar Dados remove them there). */
export const whatsappMediaPrefix = (userId: string) => `whatsapp/${userId}/`;
/** Where one message's file is kept (a client's, or a document a member sent). */
export const whatsappMediaKey = (userId: string, messageId: number) => `${whatsappMediaPrefix(userId)}${messageId}`;

/** Meta says a file's SHA-256 in hex or base64: either matches the bytes. */
function sameHash(bytes: Buffer, said: string | null): boolean {
  if (!said) return true;
  const digest = createHash('sha256').update(bytes).digest();
  return said === digest.toString('hex') || said === digest.toString('base64');
}

/**
 * A client's image, document or audio, fetched from Meta into the S3 store by a job after the
 * webhook answered (Meta's URL lasts minutes; a failure is retried with backoff), checked against
 * the SHA-256 Meta said, and served to the members who see the conversation.
 */
export class WhatsappMediaService {
  private readonly messages: BrokerScopedTable;
  private readonly conversations: BrokerScopedTable;

  constructor(
    knex: Knex,
    private readonly settings: WhatsappSettingsService,
    private readonly cloud: CloudApi,
    private readonly store: ObjectStore,
  ) {
    this.messages = tables.scoped(knex, 'whatsapp_messages');
    this.conversations = tables.scoped(knex, 'conversations');
  }

  register(jobs: Jobs): void {
    jobs.work<{ userId: string; messageId: number }>(MEDIA_JOB, (job, attempt) => this.fetch(job.userId, job.messageId, attempt), {
      retryLimit: RETRIES,
      retryBackoff: true,
      retryDelay: 5,
    });
  }

  /**
   * The job: the file into the store once (a retry after it landed does nothing). When the last
   * retry fails too, the message says so (it no longer waits for the file) and the job is failed.
   */
  async fetch(userId: string, messageId: number, attempt: JobAttempt = { retry: 0, last: false }): Promise<void> {
    // The brokerage's own work, no member's: every conversation's files arrive.
    await runAsMember(undefined, async () => {
      const row = (await this.messages.of(userId).rows().where({ id: messageId }).first()) as MediaRow | undefined;
      if (!row?.mediaId || row.mediaKey) return;
      const account = await this.settings.cloudAccount(userId);
      if (!account) {
        await this.messages.of(userId).update(messageId, { mediaError: DISCONNECTED });
        return;
      }
      try {
        const info = await this.cloud.mediaInfo(account, row.mediaId);
        if (info.size !== null && info.size > MEDIA_MAX_BYTES) throw new MediaTooLarge();
        const bytes = await this.cloud.download(account, info.url, MEDIA_MAX_BYTES);
        // Not the file Meta described: never kept, and not fetched again (the same address gives the same bytes).
        if (!sameHash(bytes, row.mediaSha256 ?? info.sha256)) {
          await this.messages.of(userId).update(messageId, { mediaError: NOT_THE_FILE });
          return;
        }
        const key = whatsappMediaKey(userId, messageId);
        await this.store.putObject(key, bytes, row.mediaMime ?? 'application/octet-stream');
        await this.messages.of(userId).update(messageId, { mediaKey: key, mediaSize: bytes.length, mediaError: null });
      } catch (error) {
        if (error instanceof MediaTooLarge) {
          await this.messages.of(userId).update(messageId, { mediaError: TOO_LARGE });
          return;
        }
        if (attempt.last) await this.messages.of(userId).update(messageId, { mediaError: NOT_RECEIVED });
        throw error;
      }
    });
  }

  /** GET /api/conversations/{id}/messages/{messageId}/media: the file, for whoever sees the conversation. */
  async open(
    userId: string,
    conversationId: number,
    messageId: number,
  ): Promise<{ stream: Readable; name: string; mimeType: string; size: number }> {
    if (!(await this.conversations.of(userId).byId(conversationId).first('id'))) throw new HttpError(404, NOT_FOUND.conversation);
    const row = (await runAsMember(undefined, () => this.messages.of(userId).rows().where({ id: messageId, conversationId }).first())) as
      MediaRow | undefined;
    if (!row?.mediaKey || row.mediaSize === null) throw new HttpError(404, NO_FILE);
    return {
      stream: await this.store.getObject(row.mediaKey),
      name: row.mediaName ?? `whatsapp-${messageId}.${extensionOf(row.mediaMime)}`,
      mimeType: row.mediaMime ?? 'application/octet-stream',
      size: row.mediaSize,
    };
  }
}

function extensionOf(mime: string | null): string {
  const subtype = (mime ?? '').split('/')[1] ?? '';
  return /^[a-z0-9]{1,10}$/.test(subtype) ? subtype : 'bin';
}
