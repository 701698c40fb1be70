import { BrokerScopedTable } from '@corretora/service-kit';
import type { Knex } from 'knex';

/**
 * A merge of two contacts (the pipeline owns them): the policies, claims and documents of the one
 * merged away now belong to the one kept. Idempotent: a retry finds nothing left to move.
 */
export class ContactMoveService {
  private readonly tables: Record<'policies' | 'claims' | 'documents', BrokerScopedTable>;

  constructor(private readonly knex: Knex) {
    this.tables = {
      policies: new BrokerScopedTable(knex, 'policies'),
      claims: new BrokerScopedTable(knex, 'claims'),
      documents: new BrokerScopedTable(knex, 'documents'),
    };
  }

  async move(userId: string, from: number, into: number): Promise<{ policies: number; claims: number; documents: number }> {
    return this.knex.transaction(async (trx) => {
      const moved = { policies: 0, claims: 0, documents: 0 };
      for (const name of ['policies', 'claims', 'documents'] as const)
        moved[name] = await this.tables[name].of(userId, trx).rows().where({ contactId: from }).update({ contactId: into });
      return moved;
    });
  }
}
