import { intArrayLiteral } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';

/**
 * A policy's figures changed (issued again, imported, undone, cancelled): its open renewal item
 * follows. The due date is the policy's end (the renewal list reads the items alone, by it); a
 * policy no longer active has nothing to renew. In the caller's transaction.
 */
export async function syncRenewals(trx: Knex.Transaction, userId: string, policyIds: readonly number[]): Promise<void> {
  if (policyIds.length === 0) return;
  const ids = intArrayLiteral(policyIds);
  const policies = tables.scoped(trx, 'policies').of(userId, trx).from('p');
  const renewals = tables.scoped(trx, 'renewals').of(userId, trx);
  await renewals.updateFrom(
    'r',
    {
      set: 'due_date = p.renewal_date',
      from: '?',
      where: "r.policy_id = p.id and r.status = 'open' and p.id = any(?::int[]) and r.due_date <> p.renewal_date",
    },
    { from: [policies], where: [ids] },
  );
  await renewals
    .rows()
    .where({ status: 'open' })
    .whereRaw(`policy_id in (select p.id from ? where p.id = any(?::int[]) and p.status <> 'active')`, [policies, ids])
    .delete();
}
