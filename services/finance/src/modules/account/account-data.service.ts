import { BrokerScopedTable, moveResponsible, clearActivity, clearingTransaction, type ObjectStore } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { documentKeyPrefix } from '../documents/documents.service';
import { lockTotals } from '../totals/month-totals';

/** Every table of finance that holds a broker's records: what Limpar Dados empties. */
export const FINANCE_ACCOUNT_TABLES = [
  'import_mappings',
  'import_rows',
  'imports',
  'claims',
  'claim_number_counters',
  'documents',
  'repasse_lines',
  'repasse_closings',
  'quote_disclosures',
  'comparisons',
  'quotes',
  'commission_rules',
  'policy_participants',
  'statement_lines',
  'renewals',
  'finance_settings',
  'quote_settings',
  'policy_instalments',
  'policies',
  'storage_usage',
] as const;

/**
 * What the rows above sum to (month-totals.ts): cleared after them (their deletes mark months to
 * recompute), and not gated — only the job writes them, from rows the gate already guards.
 */
const DERIVED_TABLES = [
  'instalment_months',
  'instalment_days',
  'policy_months',
  'receivable_months',
  'receivable_days',
  'instalment_months_dirty',
  'policy_months_dirty',
] as const;

/**
 * Finance's part of Limpar Dados: claims, claim numbering, policies, documents, storage usage and
 * events in one transaction, then every object under the broker's prefix in the S3 store. Rows go
 * first: if the store fails, no row points at a missing file, and a retry (the listing is by
 * prefix) removes what was left, including objects of an upload that never got its row.
 * Repeating it is a no-op.
 */
export class AccountDataService {
  private readonly tables: BrokerScopedTable[];

  constructor(
    private readonly knex: Knex,
    private readonly store: ObjectStore,
  ) {
    this.tables = [...FINANCE_ACCOUNT_TABLES, ...DERIVED_TABLES].map((table) => new BrokerScopedTable(knex, table));
  }

  async clear(userId: string): Promise<void> {
    await clearingTransaction(this.knex, async (trx) => {
      await lockTotals(trx, userId);
      for (const table of this.tables) await table.of(userId, trx).rows().delete();
      await clearActivity(trx, userId);
    });
    await this.store.removePrefix(documentKeyPrefix(userId));
  }

  /** A member's records become another's (identity asks: a carteira transfer, a member disabled). */
  moveCarteira(userId: string, from: string, to: string): Promise<number> {
    return moveResponsible(
      this.knex,
      userId,
      ['policies', 'renewals', 'claims', 'documents', 'quotes', 'quote_disclosures', 'comparisons'],
      from,
      to,
    );
  }

  /** One client's records become another member's: their policies with each one's renewal, claims, documents and quotes. */
  moveClient(userId: string, contactId: number, to: string): Promise<number> {
    return this.knex.transaction(async (trx) => {
      const table = (name: string) => new BrokerScopedTable(trx, name).of(userId, trx).rows();
      const policyIds = table('policies').where({ contactId }).select('id');
      // One statement at a time: a transaction is one connection (pg queues parallel ones, and pg 9 will refuse them).
      let moved = 0;
      moved += await table('renewals').whereIn('policyId', policyIds.clone()).update({ responsibleId: to });
      for (const name of ['claims', 'documents'])
        moved += await table(name)
          .where((where) => {
            where.where({ contactId }).orWhereIn('policyId', policyIds.clone());
          })
          .update({ responsibleId: to });
      moved += await table('policies').where({ contactId }).update({ responsibleId: to });
      moved += await table('quotes').where({ contactId }).update({ responsibleId: to });
      moved += await table('quote_disclosures').where({ contactId }).update({ responsibleId: to });
      moved += await table('comparisons').where({ contactId }).update({ responsibleId: to });
      return moved;
    });
  }
}
