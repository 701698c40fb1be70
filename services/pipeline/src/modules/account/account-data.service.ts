import { BrokerScopedTable, moveResponsible, clearActivity, clearingTransaction, type ObjectStore } from '@corretora/service-kit';
import { whatsappMediaPrefix } from '../whatsapp/whatsapp-media.service';
import type { Knex } from 'knex';

/** Every table of the pipeline that holds a broker's records, children first: what Limpar Dados empties. */
export const PIPELINE_ACCOUNT_TABLES = [
  'privacy_pending',
  'privacy_requests',
  'privacy_protocol_counters',
  'import_mappings',
  'import_rows',
  'imports',
  'notes',
  'whatsapp_messages',
  'conversations',
  'whatsapp_templates',
  'contact_timeline',
  'message_templates',
  'digest_sends',
  'digest_preferences',
  'tasks',
  'pipeline_cards',
  'contacts',
] as const;

/** The pipeline's part of Limpar Dados: contacts, cards, notes and events in one transaction; repeating it is a no-op. */
export class AccountDataService {
  private readonly tables: BrokerScopedTable[];

  constructor(
    private readonly knex: Knex,
    private readonly store: ObjectStore,
  ) {
    this.tables = PIPELINE_ACCOUNT_TABLES.map((table) => new BrokerScopedTable(knex, table));
  }

  async clear(userId: string): Promise<void> {
    await clearingTransaction(this.knex, async (trx) => {
      for (const table of this.tables) await table.of(userId, trx).rows().delete();
      await clearActivity(trx, userId);
    });
    // Then the WhatsApp files (a file whose row never landed goes too).
    await this.store.removePrefix(whatsappMediaPrefix(userId));
  }

  /** A member's records become another's (identity asks: a carteira transfer, a member disabled). */
  moveCarteira(userId: string, from: string, to: string): Promise<number> {
    return moveResponsible(this.knex, userId, ['contacts', 'pipeline_cards', 'tasks', 'conversations'], from, to);
  }
}
