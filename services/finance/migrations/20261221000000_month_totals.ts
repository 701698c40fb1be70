import type { Knex } from 'knex';

/**
 * A large brokerage's figures from totals kept per month (#63: 500,000 policies, 6,000,000
 * instalments; Comissões, the Painel and Recebíveis' chart summed them all on every open):
 * - instalment_months: per brokerage, due month, member, type and line, the instalments still expected
 *   (INSTALMENT_EXPECTED), their commission, the ones no statement paid, what is still to receive, and
 *   the ones paid off the tolerance with their difference; instalment_days: the unpaid ones per due day.
 * - policy_months: per brokerage, renewal month, member, type and line, the active policies, their
 *   annual commission and its base (cents).
 * A write never recomputes anything: statement triggers on the rows a total reads (instalments,
 * policies, statement lines, the broker's settings) mark the months they touch dirty (*_dirty), a
 * job recomputes a dirty month from the rows (month-totals.ts), and a read sums the clean months'
 * totals and reads the dirty ones from the rows, so a figure is never stale.
 */
const KEY = `user_id uuid not null, month date not null, responsible_id uuid not null, type varchar(20) not null, line varchar(40) not null`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table instalment_months (${KEY},
    instalments integer not null, expected numeric(16,2) not null,
    unpaid_instalments integer not null, unpaid_expected numeric(16,2) not null,
    receivable numeric(16,2) not null,
    off_instalments integer not null, off_amount numeric(16,2) not null,
    primary key (user_id, month, responsible_id, type, line))`);
  // The unpaid ones by due day too: the Painel counts those past their grace days, a cut inside a month.
  await knex.raw(`create table instalment_days (user_id uuid not null, day date not null, responsible_id uuid not null,
    unpaid_instalments integer not null, unpaid_expected numeric(16,2) not null,
    primary key (user_id, day, responsible_id))`);
  await knex.raw(`create table policy_months (${KEY},
    policies integer not null, commission_cents bigint not null, base_cents bigint not null,
    primary key (user_id, month, responsible_id, type, line))`);
  // A mark is a row appended (never updated): writers take no lock on one another's marks, and a job
  // that summed a month removes the marks it saw, so one written meanwhile survives it.
  for (const table of ['instalment_months_dirty', 'policy_months_dirty']) {
    await knex.raw(
      `create table ?? (user_id uuid not null, month date not null, id bigint generated always as identity, primary key (user_id, id))`,
      [table],
    );
    await knex.raw('create index ?? on ?? (user_id, month)', [`${table}_month`, table]);
  }

  // Each trigger marks months only: its cost is one small insert per statement, whatever it wrote. It names
  // this schema's tables whoever writes (`set search_path from current`: an administrator's session too).
  await knex.raw(`create function mark_instalment_months() returns trigger language plpgsql set search_path from current as $$
    begin
      if tg_table_name = 'policy_instalments' then
        if tg_op in ('INSERT', 'UPDATE') then
          insert into instalment_months_dirty (user_id, month) select distinct user_id, date_trunc('month', due_date)::date from new_rows;
        end if;
        if tg_op in ('DELETE', 'UPDATE') then
          insert into instalment_months_dirty (user_id, month) select distinct user_id, date_trunc('month', due_date)::date from old_rows;
        end if;
      elsif tg_table_name = 'statement_lines' then
        if tg_op in ('INSERT', 'UPDATE') then
          insert into instalment_months_dirty (user_id, month) select distinct i.user_id, date_trunc('month', i.due_date)::date
            from new_rows n join policy_instalments i on i.user_id = n.user_id and i.id = n.instalment_id;
        end if;
        if tg_op in ('DELETE', 'UPDATE') then
          insert into instalment_months_dirty (user_id, month) select distinct i.user_id, date_trunc('month', i.due_date)::date
            from old_rows o join policy_instalments i on i.user_id = o.user_id and i.id = o.instalment_id;
        end if;
      elsif tg_table_name = 'policies' then
        -- Its member, type, line, status or end move its instalments (a deleted policy's go with them).
        insert into instalment_months_dirty (user_id, month) select distinct i.user_id, date_trunc('month', i.due_date)::date
          from new_rows n join policy_instalments i on i.user_id = n.user_id and i.policy_id = n.id;
      else
        -- finance_settings: the tolerance says which payments are off.
        insert into instalment_months_dirty (user_id, month) select distinct t.user_id, t.month
          from new_rows n join instalment_months t on t.user_id = n.user_id;
      end if;
      return null;
    end $$`);
  await knex.raw(`create function mark_policy_months() returns trigger language plpgsql set search_path from current as $$
    begin
      if tg_op in ('INSERT', 'UPDATE') then
        insert into policy_months_dirty (user_id, month) select distinct user_id, date_trunc('month', renewal_date)::date from new_rows;
      end if;
      if tg_op in ('DELETE', 'UPDATE') then
        insert into policy_months_dirty (user_id, month) select distinct user_id, date_trunc('month', renewal_date)::date from old_rows;
      end if;
      return null;
    end $$`);
  const statementTriggers = async (table: string, fn: string, events: readonly ('insert' | 'update' | 'delete')[]) => {
    for (const event of events) {
      const transition =
        event === 'insert'
          ? 'new table as new_rows'
          : event === 'delete'
            ? 'old table as old_rows'
            : 'new table as new_rows old table as old_rows';
      await knex.raw(`create trigger ?? after ${event} on ?? referencing ${transition} for each statement execute function ??()`, [
        `${table}_${fn}_${event}`,
        table,
        fn,
      ]);
    }
  };
  await statementTriggers('policy_instalments', 'mark_instalment_months', ['insert', 'update', 'delete']);
  await statementTriggers('statement_lines', 'mark_instalment_months', ['insert', 'update', 'delete']);
  await statementTriggers('policies', 'mark_instalment_months', ['update']);
  await statementTriggers('finance_settings', 'mark_instalment_months', ['insert', 'update']);
  await statementTriggers('policies', 'mark_policy_months', ['insert', 'update', 'delete']);

  // This month's renewals are read from the rows (cut by today): a producer's by their own range.
  await knex.raw('create index policies_responsible_renewal on policies (user_id, responsible_id, renewal_date)');

  // What is there already: every month dirty, made by the job (a read meanwhile sums the rows).
  await knex.raw(
    `insert into instalment_months_dirty (user_id, month) select distinct user_id, date_trunc('month', due_date)::date from policy_instalments`,
  );
  await knex.raw(
    `insert into policy_months_dirty (user_id, month) select distinct user_id, date_trunc('month', renewal_date)::date from policies`,
  );
}

export async function down(knex: Knex): Promise<void> {
  for (const [table, fn] of [
    ['policy_instalments', 'mark_instalment_months'],
    ['statement_lines', 'mark_instalment_months'],
    ['policies', 'mark_instalment_months'],
    ['finance_settings', 'mark_instalment_months'],
    ['policies', 'mark_policy_months'],
  ] as const)
    for (const event of ['insert', 'update', 'delete'])
      await knex.raw('drop trigger if exists ?? on ??', [`${table}_${fn}_${event}`, table]);
  await knex.raw('drop function if exists mark_instalment_months(), mark_policy_months()');
  await knex.raw('drop index if exists policies_responsible_renewal');
  await knex.raw('drop table if exists instalment_months, instalment_days, policy_months, instalment_months_dirty, policy_months_dirty');
}
