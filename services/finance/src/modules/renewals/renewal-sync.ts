import { intArrayLiteral, scopedFromSql } from '@corretora/service-kit';
import type { Knex } from 'knex';

/**
 * A policy's figures changed (issued again, imported, undone, cancelled): its open renewal item
 * follows. The due date is the policy's end (the renewal list reads the items alone, by it); a
 * policy no longer active has nothing to renew. In the caller's transaction.
 */
export async function syncRenewals(trx: Knex.Transaction, userId: string, policyIds: readonly number[]): Promise<void> {
  if (policyIds.length === 0) return;
  const ids = intArrayLiteral(policyIds);
  await trx.raw(
    `update renewals r set due_date = p.renewal_date from ${scopedFromSql('policies', 'p')}
      where r.user_id = ? and r.policy_id = p.id and r.status = 'open' and p.id = any(?::int[]) and r.due_date <> p.renewal_date`,
    [userId, userId, ids],
  );
  await trx.raw(
    `delete from renewals r using ${scopedFromSql('policies', 'p')}
      where r.user_id = ? and r.policy_id = p.id and r.status = 'open' and p.id = any(?::int[]) and p.status <> 'active'`,
    [userId, userId, ids],
  );
}
