import { tables } from '../../tables';
import type { Knex } from 'knex';

/**
 * A conversation's message on the contact's immutable timeline (kind 'message'), in the transaction
 * that stores it. A contact blocked by an erasure takes no entry (the database would refuse it): the
 * message stays in the conversation only, where the erasure's sweep removes it.
 */
export async function messageOnTimeline(
  trx: Knex.Transaction,
  userId: string,
  entry: { contactId: number; messageId: number; direction: 'in' | 'out'; text: string; by: string | null; at?: Date },
): Promise<void> {
  const contact = (await tables.scoped(trx, 'contacts').of(userId, trx).byId(entry.contactId).first('blockedAt')) as
    { blockedAt: Date | null } | undefined;
  if (!contact || contact.blockedAt) return;
  await tables
    .scoped(trx, 'contact_timeline')
    .of(userId, trx)
    .insert({
      contactId: entry.contactId,
      kind: 'message',
      type: entry.direction,
      text: entry.text,
      whatsappMessageId: entry.messageId,
      createdBy: entry.by?.slice(0, 100) ?? null,
      createdAt: entry.at ?? trx.raw('clock_timestamp()'),
    });
}
