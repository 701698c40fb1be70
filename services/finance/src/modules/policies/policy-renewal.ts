import type { BrokerScopedTable } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { copyParticipants } from './policy-participants';
import { NEXT_TERM_VALUES, TERM_COLUMNS } from './policy-sql';

/** What the broker changes on the next term; null keeps the old term's. */
export interface NextTerm {
  /** The total premium, '1248.00'. */
  premium: string | null;
  insurerId: number | null;
  /** The insurer's number of the new term; without it a provisional one (<old number>-R<year>) awaits it. */
  policyNumber: string | null;
}

/**
 * A policy's next term, written by the policy book in one statement from the old row (its terms
 * as NEXT_TERM_VALUES carries them, the same line and payment method). Answers the new policy's id.
 */
export async function renewPolicy(
  trx: Knex.Transaction,
  policies: BrokerScopedTable,
  userId: string,
  policyId: number,
  next: NextTerm,
): Promise<number> {
  const { rows } = await trx.raw<{ rows: { id: number }[] }>(
    `insert into policies (user_id, type, line, policy_number, awaiting_number, ${TERM_COLUMNS}, payment_method, renewed_from_policy_id, responsible_id)
     select p.user_id, p.type, p.line, coalesce(?::text, left(p.policy_number, 34) || '-R' || to_char(p.renewal_date, 'YYYY')), ?::text is null,
            ${NEXT_TERM_VALUES}, p.payment_method, p.id, p.responsible_id
       from ? cross join lateral (select coalesce(?::numeric, p.premium) as premium, coalesce(?::int, p.insurer_id) as insurer_id) n
      where p.id = ?
     returning id`,
    [next.policyNumber, next.policyNumber, policies.of(userId, trx).from('p'), next.premium, next.insurerId, policyId],
  );
  const createdId = rows[0]!.id;
  // The next term's commission is split as this one's.
  await copyParticipants(trx, userId, policyId, createdId);
  return createdId;
}
