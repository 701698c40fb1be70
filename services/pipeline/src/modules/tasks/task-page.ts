import {
  FINANCE_OPERATIONS,
  SAO_PAULO,
  TASK_LIST_REACH,
  UPCOMING_DAYS,
  addDaysToDay,
  saoPauloDay,
  type FinanceTaskWindow,
  type ReferenceData,
  type Task,
  type TaskPage,
  type TaskPageQuery,
  type TaskWindow,
} from '@corretora/contracts';
import type { BrokerScopedTable, InternalClient } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { tables } from '../../tables';
import { byDue, cardTask, policyTask, renewalTask, writtenTask } from './task-views';
import type { TasksService } from './tasks.service';

/** The São Paulo day a card's next action (c) and a written task (t) are due. */
const CARD_DAY = `(c.next_action_at at time zone '${SAO_PAULO}')::date`;
const WRITTEN_DAY = `(t.due_at at time zone '${SAO_PAULO}')::date`;

/** A list's first and last day (null: every day before). */
function daysOf(when: TaskWindow, today: string): [string | null, string] {
  if (when === 'overdue') return [null, addDaysToDay(today, -1)];
  if (when === 'today') return [today, today];
  return [addDaysToDay(today, 1), addDaysToDay(today, UPCOMING_DAYS)];
}

const NO_FINANCE: FinanceTaskWindow = { renewals: [], awaiting: [], counts: { overdue: 0, today: 0, upcoming: 0 } };

/**
 * GET /api/tasks/page (#63): one list of Minhas tarefas a page at a time. Each of the four sources
 * (cards' next actions and written tasks here; renewals and policies awaiting their number, finance's)
 * gives its first page × size rows of the list in the lists' order, the merge is cut to the page, and
 * every list is counted where its rows are: a large book's member no longer gets every task of the
 * three lists (797 KiB for the owner of the scale benchmark) on each open.
 */
export class TaskPageService {
  private readonly cards: BrokerScopedTable;
  private readonly contacts: BrokerScopedTable;
  private readonly written: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly tasks: TasksService,
    private readonly finance: InternalClient | null,
    private readonly reference: (userId: string) => Promise<ReferenceData>,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.cards = tables.scoped(knex, 'pipeline_cards');
    this.contacts = tables.scoped(knex, 'contacts');
    this.written = tables.scoped(knex, 'tasks');
  }

  async page(userId: string, query: TaskPageQuery): Promise<TaskPage> {
    const today = saoPauloDay(this.now());
    const limit = query.page * query.pageSize;
    if (limit > TASK_LIST_REACH) {
      const counts = await this.counts(userId, today);
      const when = query.when ?? (counts.overdue > 0 ? 'overdue' : 'today');
      return { items: [], total: counts[when], page: query.page, pageSize: query.pageSize, when, counts };
    }
    // Without a list: Atrasadas when something is late, else Hoje. Atrasadas is read with the counts that
    // decide it (one round when something is late, as in a large book); Hoje after, only when nothing is.
    let when = query.when ?? 'overdue';
    let list = await this.list(userId, today, when, limit);
    if (!query.when && list.counts.overdue === 0) list = await this.list(userId, today, (when = 'today'), limit);
    const start = (query.page - 1) * query.pageSize;
    return {
      items: list.tasks.slice(start, start + query.pageSize),
      total: list.counts[when],
      page: query.page,
      pageSize: query.pageSize,
      when,
      counts: list.counts,
    };
  }

  /** A list's first `limit` tasks, all four sources merged in order, and every list's count. */
  private async list(
    userId: string,
    today: string,
    when: TaskWindow,
    limit: number,
  ): Promise<{ tasks: Task[]; counts: Record<TaskWindow, number> }> {
    const [from, to] = daysOf(when, today);
    const inDays = (day: string) => `(?::date is null or ${day} >= ?::date) and ${day} <= ?::date`;
    const [cards, written, finance, local] = await Promise.all([
      this.tasks.cardRows(userId, inDays(CARD_DAY), [from, from, to], {
        sql: `order by c.next_action_at, c.id::text collate "C" limit ?`,
        bindings: [limit],
      }),
      this.tasks.writtenRows(userId, inDays(WRITTEN_DAY), [from, from, to], {
        sql: `order by t.due_at, t.id::text collate "C" limit ?`,
        bindings: [limit],
      }),
      this.financeWindow(userId, today, when, limit),
      this.localCounts(userId, today),
    ]);
    const stages = cards.length > 0 || written.some((row) => row.stageKey) ? (await this.reference(userId)).pipelineStages : [];
    const tasks = [
      ...cards.map((row) => cardTask(row, today, stages)),
      ...finance.renewals.map((row) => renewalTask(row, today)),
      ...finance.awaiting.map((row) => policyTask(row, today)),
      ...written.map((row) => writtenTask(row, today, stages)),
    ].sort(byDue);
    return { tasks, counts: sumCounts(local, finance.counts) };
  }

  /** Every list's count, all four sources. */
  private async counts(userId: string, today: string): Promise<Record<TaskWindow, number>> {
    const [local, finance] = await Promise.all([this.localCounts(userId, today), this.financeWindow(userId, today, 'today', 0)]);
    return sumCounts(local, finance.counts);
  }

  private financeWindow(userId: string, today: string, when: TaskWindow, limit: number): Promise<FinanceTaskWindow> {
    if (!this.finance) return Promise.resolve(NO_FINANCE);
    return this.finance.call(FINANCE_OPERATIONS.taskWindow, { params: { userId }, query: { today, when, limit: String(limit) } });
  }

  /** The cards' next actions and the written tasks in each list. */
  private async localCounts(userId: string, today: string): Promise<Record<TaskWindow, number>> {
    const { rows } = await this.knex.raw<{ rows: Record<TaskWindow, number>[] }>(
      `select count(*) filter (where d < ?::date)::int as overdue, count(*) filter (where d = ?::date)::int as today,
              count(*) filter (where d > ?::date)::int as upcoming
         from (select ${CARD_DAY} as d from ? join ? on k.id = c.contact_id where c.status = 'active' and c.next_action_at is not null
               union all
               select ${WRITTEN_DAY} from ? where t.done_at is null) x
        where d <= ?::date`,
      [
        today,
        today,
        today,
        this.cards.of(userId).from('c'),
        this.contacts.of(userId).from('k'),
        this.written.of(userId).from('t'),
        addDaysToDay(today, UPCOMING_DAYS),
      ],
    );
    return rows[0]!;
  }
}

function sumCounts(a: Record<TaskWindow, number>, b: Record<TaskWindow, number>): Record<TaskWindow, number> {
  return { overdue: a.overdue + b.overdue, today: a.today + b.today, upcoming: a.upcoming + b.upcoming };
}
