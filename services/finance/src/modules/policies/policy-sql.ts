import { INSURANCE_LINES, SAO_PAULO } from '@corretora/contracts';

/**
 * Today in Brazil (the brokers' calendar), not the database's UTC: a policy renewing today is
 * active until midnight in São Paulo.
 */
export const TODAY = `(now() at time zone '${SAO_PAULO}')::date`;

/** The São Paulo day a policy p was issued, and the day its awaited number is a task (Minhas tarefas). */
export const ISSUED_ON = `(p.created_at at time zone '${SAO_PAULO}')::date`;
export const NUMBER_REMIND_ON = `coalesce(p.number_reminder_on, ${ISSUED_ON})`;

/** A policy's status as read: active past its renewal date is expired, always, with no sweep to run. */
export const POLICY_STATUS = `case when p.status = 'active' and p.renewal_date < ${TODAY} then 'expired' else p.status end`;

/**
 * A policy p's commission in cents, as commissionCents (commission-math.ts) computes it, summed where the
 * rows are: round(base cents × hundredths / 10,000) half up (round() on a non-negative numeric), a fixed one its cents.
 */
export const COMMISSION_CENTS = `(case when p.commission_type = 'fixed' then (p.commission_value * 100)::bigint
  else round((coalesce(p.net_premium, p.premium) * 100)::bigint::numeric * (p.commission_value * 100)::bigint / 10000) end)`;

/** What commission is computed on, in cents: the net premium (prêmio líquido), or the total where the net is unknown. */
export const COMMISSION_BASE_CENTS = '(coalesce(p.net_premium, p.premium) * 100)::bigint::text';

/** A policy's terms in code, as an import compares them (money in cents; the commission in hundredths of a percent or in cents). */
export interface PolicyTerms {
  contactId: number | null;
  contactName: string;
  insurerId: number | null;
  startDate: string | null;
  renewalDate: string;
  premium: number;
  netPremium: number | null;
  commissionType: 'percentage' | 'fixed';
  commissionValue: number;
  status: 'active' | 'cancelled';
}
export type PolicyTerm = keyof PolicyTerms;

/** How a term travels between code and its column: as it is, or money as integer cents (numeric(…, 2) in SQL). */
type Carried = 'int' | 'text' | 'date' | 'cents';

/**
 * The policy's terms, each once: its column, and how it is carried. Issuing, an import and a
 * renewal write them, the API reads them, an import compares them and its undo restores them, all
 * from this map (with line/type, number and responsible member, which each writer sets its way).
 */
const TERMS: { readonly [T in PolicyTerm]: readonly [column: string, carried: Carried] } = {
  contactId: ['contact_id', 'int'],
  contactName: ['contact_name', 'text'],
  insurerId: ['insurer_id', 'int'],
  startDate: ['start_date', 'date'],
  renewalDate: ['renewal_date', 'date'],
  premium: ['premium', 'cents'],
  netPremium: ['net_premium', 'cents'],
  commissionType: ['commission_type', 'text'],
  commissionValue: ['commission_value', 'cents'],
  status: ['status', 'text'],
};
/** The terms' names, in the map's order. */
export const POLICY_TERMS = Object.keys(TERMS) as PolicyTerm[];
const column = (term: PolicyTerm) => TERMS[term][0];
const isCents = (term: PolicyTerm) => TERMS[term][1] === 'cents';

/** The terms' columns, in the map's order (an insert's column list). */
export const TERM_COLUMNS = POLICY_TERMS.map(column).join(', ');

/** The terms as jsonb_to_recordset reads them from their code names (cents as integers): `x(${TERMS_RECORD})`. */
export const TERMS_RECORD = POLICY_TERMS.map((term) => `"${term}" ${isCents(term) ? 'bigint' : TERMS[term][1]}`).join(', ');

/** The values of a recordset row `alias` of TERMS_RECORD for TERM_COLUMNS (cents back to reais). */
export const termValues = (alias: string) =>
  POLICY_TERMS.map((term) => (isCents(term) ? `${alias}."${term}" / 100.0` : `${alias}."${term}"`)).join(', ');

/** An upsert's `set` of the terms from `excluded`, but those a writer keeps. */
export const termUpdates = (kept: readonly PolicyTerm[] = []) =>
  POLICY_TERMS.filter((term) => !kept.includes(term))
    .map((term) => `${column(term)} = excluded.${column(term)}`)
    .join(', ');

/** The terms of policy p as text under their code names (cents for money): read back with termsFromText. */
export const TERMS_AS_TEXT = POLICY_TERMS.map(
  (term) => `${isCents(term) ? `(p.${column(term)} * 100)::bigint::text` : `p.${column(term)}`} as "${term}"`,
).join(', ');

/** A row selected with TERMS_AS_TEXT, its money as numbers of cents. */
export function termsFromText<Row extends Record<PolicyTerm, unknown>>(row: Row): Omit<Row, PolicyTerm> & PolicyTerms {
  const cents = Object.fromEntries(POLICY_TERMS.filter(isCents).map((term) => [term, row[term] === null ? null : Number(row[term])]));
  return { ...row, ...cents } as Omit<Row, PolicyTerm> & PolicyTerms;
}

/** The columns an import's undo puts back: the terms, the line with its type, and the insured item with its plate. */
export const RESTORED_COLUMNS = [...POLICY_TERMS.map(column), 'type', 'line', 'insured_item', 'insured_plate'];

/**
 * The next term of policy p (its insurer and total in n: the broker's, else the old ones): the
 * same client, commission and payment, from the old renewal date for a year. The net premium
 * follows the total in last year's proportion (commission stays on the net), rounded half up to
 * the centavo; without one (or a total of zero) it stays unknown.
 */
const NEXT_TERM: { readonly [T in PolicyTerm]: string } = {
  contactId: 'p.contact_id',
  contactName: 'p.contact_name',
  insurerId: 'n.insurer_id',
  startDate: 'p.renewal_date',
  renewalDate: "(p.renewal_date + interval '12 months')::date",
  premium: 'n.premium',
  netPremium: 'case when p.net_premium is null or p.premium = 0 then null else round(p.net_premium * n.premium / p.premium, 2) end',
  commissionType: 'p.commission_type',
  commissionValue: 'p.commission_value',
  status: "'active'",
};
/** The next term's values for TERM_COLUMNS. */
export const NEXT_TERM_VALUES = POLICY_TERMS.map((term) => NEXT_TERM[term]).join(', ');

/** The terms of policy p as the API reads them (money and dates as the text of their columns), the status aside. */
const TERMS_AS_READ = POLICY_TERMS.filter((term) => term !== 'status')
  .map((term) =>
    TERMS[term][1] === 'int' || TERMS[term][1] === 'text' ? `p.${column(term)} as "${term}"` : `p.${column(term)}::text as "${term}"`,
  )
  .join(', ');

/** A policy as the API answers it (money and dates as the text of their columns). */
export const POLICY_COLUMNS = `p.id, p.policy_number as "policyNumber", p.awaiting_number as "awaitingNumber", p.proposal_number as "proposalNumber",
  p.responsible_id as "responsibleId", p.type, p.line, ${TERMS_AS_READ}, ${POLICY_STATUS} as status, p.payment_method as "paymentMethod",
  p.card_id as "cardId", p.created_at as "createdAt", p.cancelled_on::text as "cancelledOn",
  p.chargeback_percent::text as "chargebackPercent", p.chargeback_expected::text as "chargebackExpected",
  p.insured_item as "insuredItem", p.quote_id as "quoteId"`;

/** An instalment its policy still owes: not one due after the policy's cancellation (i joined to its policy p). */
export const INSTALMENT_EXPECTED = "not (p.status = 'cancelled' and i.due_date > coalesce(p.cancelled_on, p.updated_at::date))";

/** The old policy type of a line column, in SQL (contracts' lines.ts: constants, no input in it). */
export function policyTypeOfLineSql(column: string): string {
  return `case ${column} ${INSURANCE_LINES.map((line) => `when '${line.key}' then '${line.policyType}'`).join(' ')} end`;
}
