import { runAsMember, type ObjectStore } from '@corretora/service-kit';
import type { Knex } from 'knex';
import type { SubjectTables } from './privacy-tables';

/**
 * The contacts' WhatsApp conversations (#62), their messages (and the timeline entries naming them)
 * deleted; the keys of their files in the store pushed to `files`, for the caller to remove once the
 * transaction committed (a file removed for a rollback would leave its message without it).
 */
export async function dropConversations(
  tables: SubjectTables,
  userId: string,
  trx: Knex.Transaction,
  contactIds: readonly number[],
  files: string[],
): Promise<number> {
  if (contactIds.length === 0) return 0;
  const ids = (await tables.conversations.of(userId, trx).rows().whereIn('contactId', contactIds).pluck('id')) as number[];
  const stored = (await runAsMember(undefined, () =>
    tables.messages.of(userId, trx).rows().whereIn('conversationId', ids).whereNotNull('mediaKey').select('mediaKey'),
  )) as { mediaKey: string }[];
  files.push(...stored.map((row) => row.mediaKey));
  return tables.conversations.of(userId, trx).rows().whereIn('id', ids).delete();
}

/** The erased conversations' files, out of the store. */
export async function removeFiles(store: ObjectStore | null, files: readonly string[]): Promise<void> {
  for (const key of files) await store?.removeObject(key);
}
