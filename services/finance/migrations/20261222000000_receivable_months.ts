import type { Knex } from 'knex';

/**
 * Recebíveis of a large brokerage (#63: a month of 500,000 instalments was read and sent whole,
 * 11 s and 109 MB): its figures per insurer from totals the month-totals job keeps beside
 * instalment_months, for the same marked months (instalment_months_dirty: the same triggers), and its
 * instalments a page at a time.
 * - receivable_months: per brokerage, due month, insurer (0: none) and member, the instalments still
 *   expected, their commission, what statements paid on them (gross, ISS, IRRF, net), how many were
 *   paid off the tolerance and how many nothing paid yet.
 * - receivable_days: the unpaid ones per due day and insurer (não pago once past the grace days: a
 *   cut inside a month).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table receivable_months (user_id uuid not null, month date not null, insurer_id integer not null,
    responsible_id uuid not null, instalments integer not null, expected numeric(16,2) not null, received numeric(16,2) not null,
    iss numeric(16,2) not null, irrf numeric(16,2) not null, net numeric(16,2) not null,
    off_instalments integer not null, unpaid_instalments integer not null,
    primary key (user_id, month, insurer_id, responsible_id))`);
  await knex.raw(`create table receivable_days (user_id uuid not null, day date not null, insurer_id integer not null,
    responsible_id uuid not null, unpaid_instalments integer not null,
    primary key (user_id, day, insurer_id, responsible_id))`);
  // An insurer's instalments of a month in the page's order (due day, policy, number), read a page at a time.
  await knex.raw('create index policy_instalments_due_policy on policy_instalments (user_id, due_date, policy_id, number)');
  await knex.raw('drop index if exists policy_instalments_user_id_due_date_index');
  // The month's chargebacks: the policies cancelled in it.
  await knex.raw('create index policies_cancelled_on on policies (user_id, cancelled_on) where cancelled_on is not null');
  // The book already there: its months summed again by the job, receivables too.
  await knex.raw(
    `insert into instalment_months_dirty (user_id, month) select distinct user_id, date_trunc('month', due_date)::date from policy_instalments`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists receivable_months, receivable_days');
  await knex.raw('create index if not exists policy_instalments_user_id_due_date_index on policy_instalments (user_id, due_date)');
  await knex.raw('drop index if exists policy_instalments_due_policy, policies_cancelled_on');
}
