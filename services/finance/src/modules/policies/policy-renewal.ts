import type { BrokerScopedTable } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { copyParticipants } from './policy-participants';

/** What the broker changes on the next term; null keeps the old term's. */
export interface NextTerm {
  /** The total premium, '1248.00'. */
  premium: string | null;
  insurerId: number | null;
  /** The insurer's number of the new term; without it a provisional one (<old number>-R<year>) awaits it. */
  policyNumber: string | null;
}

/**
 * A policy's next term, written by the policy book in one statement from the old row: the same
 * client, line, commission and payment method, from the old renewal date for a year. The net
 * premium follows the total in last year's proportion (commission stays on the net), rounded half
 * up to the centavo; without a net premium (or a total of zero) it stays unknown. Answers the new
 * policy's id.
 */
export async function renewPolicy(
  trx: Knex.Transaction,
  policies: BrokerScopedTable,
  userId: string,
  policyId: number,
  next: NextTerm,
): Promise<number> {
  const { rows } = await trx.raw<{ rows: { id: number }[] }>(
    `insert into policies (user_id, contact_id, contact_name, type, line, policy_number, awaiting_number, premium, net_premium, status,
                           start_date, renewal_date, commission_type, commission_value, insurer_id, payment_method, renewed_from_policy_id, responsible_id)
     select p.user_id, p.contact_id, p.contact_name, p.type, p.line,
            coalesce(?::text, left(p.policy_number, 34) || '-R' || to_char(p.renewal_date, 'YYYY')), ?::text is null,
            n.premium, case when p.net_premium is null or p.premium = 0 then null else round(p.net_premium * n.premium / p.premium, 2) end,
            'active', p.renewal_date, (p.renewal_date + interval '12 months')::date, p.commission_type, p.commission_value,
            coalesce(?::int, p.insurer_id), p.payment_method, p.id, p.responsible_id
       from ? cross join lateral (select coalesce(?::numeric, p.premium) as premium) n
      where p.id = ?
     returning id`,
    [next.policyNumber, next.policyNumber, next.insurerId, policies.of(userId, trx).from('p'), next.premium, policyId],
  );
  const createdId = rows[0]!.id;
  // The next term's commission is split as this one's.
  await copyParticipants(trx, userId, policyId, createdId);
  return createdId;
}
