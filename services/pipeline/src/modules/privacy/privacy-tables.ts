import { ACTIVITY_TABLE, BrokerScopedTable } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';

/** The pipeline's tables that hold a data subject's records: what an export reads and an erasure clears, each through the broker scope. */
export class SubjectTables {
  readonly contacts: BrokerScopedTable;
  readonly cards: BrokerScopedTable;
  readonly notes: BrokerScopedTable;
  readonly timeline: BrokerScopedTable;
  readonly tasks: BrokerScopedTable;
  readonly imports: BrokerScopedTable;
  readonly importRows: BrokerScopedTable;
  readonly activity: BrokerScopedTable;
  readonly digests: BrokerScopedTable;
  readonly pending: BrokerScopedTable;
  /** The subject's WhatsApp conversations (#62): their messages, and the timeline entries naming them, go with them. */
  readonly conversations: BrokerScopedTable;
  readonly messages: BrokerScopedTable;

  constructor(knex: Knex) {
    this.contacts = tables.scoped(knex, 'contacts');
    this.cards = tables.scoped(knex, 'pipeline_cards');
    this.notes = tables.scoped(knex, 'notes');
    this.timeline = tables.scoped(knex, 'contact_timeline');
    this.tasks = tables.scoped(knex, 'tasks');
    this.imports = tables.scoped(knex, 'imports');
    this.importRows = tables.scoped(knex, 'import_rows');
    this.activity = new BrokerScopedTable(knex, ACTIVITY_TABLE);
    this.digests = tables.scoped(knex, 'digest_sends');
    this.pending = tables.scoped(knex, 'privacy_pending');
    this.conversations = tables.scoped(knex, 'conversations');
    this.messages = tables.scoped(knex, 'whatsapp_messages');
  }
}
