import { ACTIVITY_TABLE, BrokerScopedTable } from '@corretora/service-kit';
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

  constructor(knex: Knex) {
    this.contacts = new BrokerScopedTable(knex, 'contacts');
    this.cards = new BrokerScopedTable(knex, 'pipeline_cards');
    this.notes = new BrokerScopedTable(knex, 'notes');
    this.timeline = new BrokerScopedTable(knex, 'contact_timeline');
    this.tasks = new BrokerScopedTable(knex, 'tasks');
    this.imports = new BrokerScopedTable(knex, 'imports');
    this.importRows = new BrokerScopedTable(knex, 'import_rows');
    this.activity = new BrokerScopedTable(knex, ACTIVITY_TABLE);
    this.digests = new BrokerScopedTable(knex, 'digest_sends');
    this.pending = new BrokerScopedTable(knex, 'privacy_pending');
  }
}
