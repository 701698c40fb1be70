import {
  RENEWAL_TASK_LEAD_DAYS,
  SAO_PAULO,
  UPCOMING_DAYS,
  type FinanceTaskWindow,
  type TaskWindow,
  type TaskWindowQuery,
} from '@corretora/contracts';
import { readerOf, type BrokerScopedTable } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { tables } from '../../tables';
import type { PoliciesService } from '../policies/policies.service';
import { NUMBER_REMIND_ON } from '../policies/policy-sql';
import type { RenewalTasksService } from './renewal-tasks.service';

/** The São Paulo day a renewal r is work: its next action's, else D-30 of its end (RENEWAL_TASK_DUE, one expression). */
const RENEWAL_DAY = `coalesce((r.next_action_at at time zone '${SAO_PAULO}')::date, r.due_date - ${RENEWAL_TASK_LEAD_DAYS})`;
/** The instant the task lists sort a renewal by: its next action, else nextActionInstant of D-30 (12:00 UTC). */
const RENEWAL_AT = `coalesce(r.next_action_at, ((r.due_date - ${RENEWAL_TASK_LEAD_DAYS})::timestamp + interval '12 hours') at time zone 'UTC')`;
/** A policy awaiting its number, the same way: its reminder's day at 12:00 UTC. */
const AWAITING_AT = `((${NUMBER_REMIND_ON})::timestamp + interval '12 hours') at time zone 'UTC'`;

/** `day` (SQL) within a list of today (`?` binds today, once or twice). */
function inList(day: string, when: TaskWindow, today: string): { sql: string; bindings: string[] } {
  if (when === 'overdue') return { sql: `${day} < ?::date`, bindings: [today] };
  if (when === 'today') return { sql: `${day} = ?::date`, bindings: [today] };
  return { sql: `${day} > ?::date and ${day} <= ?::date + ${UPCOMING_DAYS}`, bindings: [today, today] };
}

/** Which list `day` falls in (two `?`: today); rows past the upcoming days are left out before. */
const listOf = (day: string) => `case when ${day} < ?::date then 'overdue' when ${day} = ?::date then 'today' else 'upcoming' end`;

/**
 * Minhas tarefas a page at a time (#63): finance's tasks of one list — open renewals and the
 * policies awaiting their number — the first `limit` of each in the lists' order (due instant, then
 * the task's id as text, as the pipeline merges them), and how many each list holds. The pipeline
 * merges them with the cards' and written tasks' and cuts the page.
 */
export class TaskWindowService {
  private readonly renewals: BrokerScopedTable;
  private readonly policies: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly renewalTasks: RenewalTasksService,
    private readonly awaitingNumber: PoliciesService,
    /** Writes the renewal items a policy written since the month totals' job last ran still lacks. */
    private readonly ensure: (userId: string) => Promise<unknown>,
  ) {
    this.renewals = tables.scoped(knex, 'renewals');
    this.policies = tables.scoped(knex, 'policies');
  }

  async window(userId: string, query: TaskWindowQuery): Promise<FinanceTaskWindow> {
    await this.ensure(userId);
    const renewalDays = inList(RENEWAL_DAY, query.when, query.today);
    const awaitingDays = inList(NUMBER_REMIND_ON, query.when, query.today);
    const [renewals, awaiting, counts] = await Promise.all([
      query.limit === 0
        ? []
        : this.renewalTasks.taskRows(userId, renewalDays.sql, renewalDays.bindings, {
            sql: `order by ${RENEWAL_AT}, r.id::text collate "C" limit ?`,
            bindings: [query.limit],
          }),
      query.limit === 0
        ? []
        : this.awaitingNumber.numberTaskRows(userId, awaitingDays.sql, awaitingDays.bindings, {
            sql: `order by ${AWAITING_AT}, p.id::text collate "C" limit ?`,
            bindings: [query.limit],
          }),
      this.counts(userId, query.today),
    ]);
    return { renewals, awaiting, counts };
  }

  /** Every list's count of open renewals and policies awaiting their number. */
  private async counts(userId: string, today: string): Promise<Record<TaskWindow, number>> {
    const reader = readerOf(this.knex);
    const { rows } = await reader.raw<{ rows: { list: TaskWindow; n: number }[] }>(
      `select list, sum(n)::int as n from (
         select ${listOf(RENEWAL_DAY)} as list, count(*) as n from ? join ? on p.id = r.policy_id
          where r.status = 'open' and ${RENEWAL_DAY} <= ?::date + ${UPCOMING_DAYS} group by 1
         union all
         select ${listOf(NUMBER_REMIND_ON)}, count(*) from ?
          where p.awaiting_number and p.status = 'active' and ${NUMBER_REMIND_ON} <= ?::date + ${UPCOMING_DAYS} group by 1
       ) x group by list`,
      [
        today,
        today,
        this.renewals.of(userId, reader).from('r'),
        this.policies.of(userId, reader).from('p'),
        today,
        today,
        today,
        this.policies.of(userId, reader).from('p'),
        today,
      ],
    );
    const counts: Record<TaskWindow, number> = { overdue: 0, today: 0, upcoming: 0 };
    for (const row of rows) counts[row.list] = row.n;
    return counts;
  }
}
