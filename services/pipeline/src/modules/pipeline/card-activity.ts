import { tables } from '../../tables';
import type { Knex } from 'knex';

/**
 * Something was done with a contact (an edit, a logged interaction, a WhatsApp sent): their open
 * cards are warm again (the idle counter against the stage's limit restarts).
 */
export async function warmContactCards(trx: Knex.Transaction, userId: string, contactId: number): Promise<void> {
  await tables
    .scoped(trx, 'pipeline_cards')
    .of(userId, trx)
    .rows()
    .where({ contactId, status: 'active' })
    .update({ lastActivityAt: trx.fn.now() });
}
