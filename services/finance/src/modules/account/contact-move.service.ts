import { type BrokerScopedTable } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';

/**
 * A merge of two contacts (the pipeline owns them): the policies, claims, documents and quotes of the one
 * merged away now belong to the one kept. Idempotent: a retry finds nothing left to move.
 */
export class ContactMoveService {
  private readonly tables: Record<'policies' | 'claims' | 'documents' | 'quotes' | 'quote_disclosures' | 'comparisons', BrokerScopedTable>;

  constructor(private readonly knex: Knex) {
    this.tables = {
      policies: tables.scoped(knex, 'policies'),
      claims: tables.scoped(knex, 'claims'),
      documents: tables.scoped(knex, 'documents'),
      quotes: tables.scoped(knex, 'quotes'),
      quote_disclosures: tables.scoped(knex, 'quote_disclosures'),
      comparisons: tables.scoped(knex, 'comparisons'),
    };
  }

  async move(userId: string, from: number, into: number): Promise<{ policies: number; claims: number; documents: number; quotes: number }> {
    return this.knex.transaction(async (trx) => {
      const moved = { policies: 0, claims: 0, documents: 0, quotes: 0 };
      for (const name of ['quote_disclosures', 'comparisons'] as const)
        await this.tables[name].of(userId, trx).rows().where({ contactId: from }).update({ contactId: into });
      for (const name of ['policies', 'claims', 'documents', 'quotes'] as const)
        moved[name] = await this.tables[name].of(userId, trx).rows().where({ contactId: from }).update({ contactId: into });
      return moved;
    });
  }
}
