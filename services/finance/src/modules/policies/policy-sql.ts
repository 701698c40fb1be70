import { INSURANCE_LINES } from '@corretora/contracts';

/**
 * Today in Brazil (the brokers' calendar), not the database's UTC: a policy renewing today is
 * active until midnight in São Paulo.
 */
export const TODAY = "(now() at time zone 'America/Sao_Paulo')::date";

/** The São Paulo day a policy p was issued, and the day its awaited number is a task (Minhas tarefas). */
export const ISSUED_ON = "(p.created_at at time zone 'America/Sao_Paulo')::date";
export const NUMBER_REMIND_ON = `coalesce(p.number_reminder_on, ${ISSUED_ON})`;

/** A policy's status as read: active past its renewal date is expired, always, with no sweep to run. */
export const POLICY_STATUS = `case when p.status = 'active' and p.renewal_date < ${TODAY} then 'expired' else p.status end`;

/** What commission is computed on, in cents: the net premium (prêmio líquido), or the total where the net is unknown. */
export const COMMISSION_BASE_CENTS = '(coalesce(p.net_premium, p.premium) * 100)::bigint::text';

/** A policy as the API answers it (money and dates as the text of their columns). */
export const POLICY_COLUMNS = `p.id, p.policy_number as "policyNumber", p.awaiting_number as "awaitingNumber", p.proposal_number as "proposalNumber",
  p.contact_id as "contactId", p.contact_name as "contactName", p.responsible_id as "responsibleId",
  p.type, p.line, p.premium::text as premium, p.net_premium::text as "netPremium", p.payment_method as "paymentMethod", ${POLICY_STATUS} as status, p.start_date::text as "startDate",
  p.renewal_date::text as "renewalDate", p.commission_type as "commissionType", p.commission_value::text as "commissionValue",
  p.insurer_id as "insurerId", p.card_id as "cardId", p.created_at as "createdAt", p.cancelled_on::text as "cancelledOn",
  p.chargeback_percent::text as "chargebackPercent", p.chargeback_expected::text as "chargebackExpected"`;

/** An instalment its policy still owes: not one due after the policy's cancellation (i joined to its policy p). */
export const INSTALMENT_EXPECTED = "not (p.status = 'cancelled' and i.due_date > coalesce(p.cancelled_on, p.updated_at::date))";

/** The old policy type of a line column, in SQL (contracts' lines.ts: constants, no input in it). */
export function policyTypeOfLineSql(column: string): string {
  return `case ${column} ${INSURANCE_LINES.map((line) => `when '${line.key}' then '${line.policyType}'`).join(' ')} end`;
}
