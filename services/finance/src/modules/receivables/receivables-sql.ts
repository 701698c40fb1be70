import {
  OPEN_DIFFERENCE_STATUSES,
  centsToWire,
  type ReceivableInstalment,
  type ReceivableTotals,
  type StatementLine,
} from '@corretora/contracts';
import { readerOf, type BrokerScopedTable } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { INSTALMENT_EXPECTED } from '../policies/policy-sql';
import { cents, instalmentStatus } from '../policies/receivables-math';
import type { Reconciliation } from '../policies/receivable-settings.service';

// What Recebíveis' whole month (receivables.service.ts) and its pages (receivable-pages.service.ts) share.

/** An instalment's row as INSTALMENT_ROWS reads it. */
export interface InstalmentRow {
  id: number;
  policyId: number;
  policyNumber: string;
  contactId: number | null;
  contactName: string;
  insurerId: number | null;
  number: number;
  dueDate: string;
  expected: string;
  received: string | null;
  chargeback: boolean;
  iss: string | null;
  irrf: string | null;
  net: string | null;
}

const INSTALMENT_COLUMNS = `i.id, i.policy_id as "policyId", p.policy_number as "policyNumber", p.contact_id as "contactId",
  p.contact_name as "contactName", p.insurer_id as "insurerId", i.number, i.due_date::text as "dueDate",
  i.expected_commission::text as expected`;
const PAID_COLUMNS = `r.received::text as received, coalesce(r.chargeback, false) as chargeback, r.iss::text as iss,
  r.irrf::text as irrf, r.net::text as net`;
/** What statements paid on the instalment `id` (none: no row): `?` binds the scoped statement lines s. */
const paid = (id: string) => `left join lateral (select sum(s.gross) as received, bool_or(s.type = 'estorno') as chargeback,
    sum(s.iss) as iss, sum(s.irrf) as irrf, sum(s.net) as net from ? where s.instalment_id = ${id} having count(*) > 0) r on true`;
const DUE_IN = `i.due_date >= ?::date and i.due_date < ?::date and ${INSTALMENT_EXPECTED}`;

/**
 * The expected instalments (INSTALMENT_EXPECTED) due from one day to another, of an insurer (null:
 * all): `?` binds the scoped instalments i, policies p and statement lines s, then the days, then
 * the insurer twice.
 */
export const INSTALMENT_ROWS = `select ${INSTALMENT_COLUMNS}, ${PAID_COLUMNS} from ? join ? on p.id = i.policy_id ${paid('i.id')}
  where ${DUE_IN} and (?::int is null or p.insurer_id = ?::int)`;

/**
 * A page of an insurer's (null: the policies with none) instalments due from one day to another, by
 * due day, policy and number, what statements paid read for that page only (inside the walk it would
 * run for every row a parallel plan reads ahead). `?` binds the scoped instalments i and policies p,
 * the days, the insurer (unless null), the limit and offset, then the scoped statement lines s.
 */
export function instalmentPageSql(insurerId: number | null): string {
  return `select x.*, ${PAID_COLUMNS} from (
      select ${INSTALMENT_COLUMNS} from ? join ? on p.id = i.policy_id
       where ${DUE_IN} and ${insurerId === null ? 'p.insurer_id is null' : 'p.insurer_id = ?::int'}
       order by i.due_date, i.policy_id, i.number limit ? offset ?) x
    ${paid('x.id')}
    order by x."dueDate", x."policyId", x.number`;
}

/** An instalment as Recebíveis shows it: its status on `today`, and the statement lines paid to it. */
export function instalmentView(row: InstalmentRow, today: string, settings: Reconciliation, lines: StatementLine[]): ReceivableInstalment {
  const expected = cents(row.expected)!;
  const received = cents(row.received);
  return {
    instalmentId: row.id,
    policyId: row.policyId,
    policyNumber: row.policyNumber,
    contactId: row.contactId,
    contactName: row.contactName,
    number: row.number,
    dueDate: row.dueDate,
    expected: row.expected,
    received: row.received,
    difference: received === null ? null : centsToWire(received - expected),
    status: instalmentStatus({
      expectedCents: expected,
      receivedCents: received,
      hasChargeback: row.chargeback,
      dueDate: row.dueDate,
      today,
      graceDays: settings.graceDays,
      toleranceCents: settings.toleranceCents,
    }),
    lines,
  };
}

/** Whether an instalment's status leaves its difference open. */
export const isOpen = (instalment: ReceivableInstalment) => OPEN_DIFFERENCE_STATUSES.includes(instalment.status);

export const NO_INSURER = 'Sem seguradora';

/** An insurer's name in the broker's catalogue (null: the policies with none). */
export const insurerName = (id: number | null, nameOf: Map<number, string>) =>
  id === null ? NO_INSURER : (nameOf.get(id) ?? `Seguradora ${id}`);

/** Sums of a month (and insurer) in integer cents. */
export interface Sums {
  expected: number;
  received: number;
  iss: number;
  irrf: number;
  net: number;
  chargebacks: number;
  open: number;
}
export const zero = (): Sums => ({ expected: 0, received: 0, iss: 0, irrf: 0, net: 0, chargebacks: 0, open: 0 });

export function totals(sums: Sums): ReceivableTotals {
  return {
    expected: centsToWire(sums.expected),
    received: centsToWire(sums.received),
    difference: centsToWire(sums.received - sums.expected),
    gross: centsToWire(sums.received),
    iss: centsToWire(sums.iss),
    irrf: centsToWire(sums.irrf),
    net: centsToWire(sums.net),
    chargebacks: centsToWire(sums.chargebacks),
    openDifferences: sums.open,
  };
}

/** The chargebacks (cents) policies p cancelled from one day to another expect back, per insurer (null: none). */
export async function chargebacksByInsurer(
  knex: Knex,
  policies: BrokerScopedTable,
  userId: string,
  days: { from: string; to: string },
  insurerId: number | null,
): Promise<{ insurerId: number | null; cents: number }[]> {
  const { rows } = await readerOf(knex).raw<{ rows: { insurerId: number | null; cents: string }[] }>(
    `select p.insurer_id as "insurerId", (sum(p.chargeback_expected) * 100)::bigint::text as cents
       from ? where p.cancelled_on >= ?::date and p.cancelled_on < ?::date and p.chargeback_expected is not null
        and (?::int is null or p.insurer_id = ?::int)
      group by p.insurer_id`,
    [policies.of(userId, readerOf(knex)).from('p'), days.from, days.to, insurerId, insurerId],
  );
  return rows.map((row) => ({ insurerId: row.insurerId, cents: Number(row.cents) }));
}
