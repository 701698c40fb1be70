import {
  FINANCE_OPERATIONS,
  NOT_FOUND,
  UPCOMING_DAYS,
  addDaysToDay,
  formatDate,
  nextActionInstant,
  parseTaskId,
  saoPauloDay,
  taskId,
  taskWindow,
  type NextActionType,
  type ReferenceData,
  type PolicyNumberTaskRow,
  type RenewalTaskRow,
  type SnoozeInput,
  type Task,
  type TaskList,
  type TaskWindow,
  type TasksQuery,
} from '@corretora/contracts';
import { BrokerScopedTable, HttpError, type InternalClient } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { updateCardJson } from '../pipeline/card-json';

interface CardTaskRow {
  id: number;
  contactId: number;
  name: string;
  stageKey: string;
  dueAt: Date;
  type: NextActionType;
  note: string | null;
}

const ALREADY_DONE = 'Esta tarefa já foi concluída.';
const NUMBER_TASK = 'Esta tarefa se conclui ao informar o nº da seguradora da apólice, em Apólices.';
const PAST = 'Escolha uma data futura para adiar.';

/** A 404 from finance for a renewal is this task's 404 (its message is finance's generic one). */
async function asTask<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw new HttpError(404, NOT_FOUND.task);
    throw error;
  }
}

/**
 * Minhas tarefas (#25): the next actions of the broker's open cards (here) and of their open
 * renewals, and the open renewals without one on their end day (finance), in three lists by São
 * Paulo day: atrasadas, hoje, próximas (UPCOMING_DAYS). Done clears a next action; snooze moves it.
 */
export class TasksService {
  private readonly cards: BrokerScopedTable;
  private readonly contacts: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly finance: InternalClient | null,
    private readonly reference: (userId: string) => Promise<ReferenceData>,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.cards = new BrokerScopedTable(knex, 'pipeline_cards');
    this.contacts = new BrokerScopedTable(knex, 'contacts');
  }

  /** Every task due by `until` (a São Paulo day), soonest first, whatever its window. */
  async dueBy(userId: string, until: string): Promise<Task[]> {
    const today = saoPauloDay(this.now());
    const [cardRows, renewals, awaiting] = await Promise.all([
      this.knex.raw<{ rows: CardTaskRow[] }>(
        `select c.id, c.contact_id as "contactId", k.name, c.stage_key as "stageKey", c.next_action_at as "dueAt",
                c.next_action_type as type, c.next_action_note as note
           from ? join ? on k.id = c.contact_id
          where c.status = 'active' and c.next_action_at is not null
            and (c.next_action_at at time zone 'America/Sao_Paulo')::date <= ?::date`,
        [this.cards.of(userId).from('c'), this.contacts.of(userId).from('k'), until],
      ),
      this.finance
        ? this.finance.call(FINANCE_OPERATIONS.renewalTasks, { params: { userId }, query: { until } })
        : Promise.resolve([] as RenewalTaskRow[]),
      this.finance
        ? this.finance.call(FINANCE_OPERATIONS.policyNumberTasks, { params: { userId }, query: { until } })
        : Promise.resolve([] as PolicyNumberTaskRow[]),
    ]);
    const stages = cardRows.rows.length > 0 ? (await this.reference(userId)).pipelineStages : [];
    const tasks: Task[] = [
      ...cardRows.rows.map((row) => {
        const dueAt = new Date(row.dueAt).toISOString();
        return {
          id: taskId('card', row.id),
          kind: 'card' as const,
          sourceId: row.id,
          dueAt,
          window: taskWindow(saoPauloDay(dueAt), today) ?? 'upcoming',
          type: row.type,
          note: row.note,
          contactId: row.contactId,
          title: row.name,
          detail: `Pipeline: ${stages.find((stage) => stage.key === row.stageKey)?.name ?? row.stageKey}`,
        };
      }),
      ...renewals.map((row) => {
        const dueAt = row.nextAction?.dueAt ?? nextActionInstant(row.renewalDate);
        return {
          id: taskId('renewal', row.id),
          kind: 'renewal' as const,
          sourceId: row.id,
          dueAt,
          window: taskWindow(saoPauloDay(dueAt), today) ?? 'upcoming',
          type: row.nextAction?.type ?? null,
          note: row.nextAction?.note ?? null,
          contactId: row.contactId,
          title: row.contactName,
          detail: `Renovação da apólice ${row.policyNumber} (vence ${formatDate(row.renewalDate)})`,
        };
      }),
      ...awaiting.map((row) => {
        const dueAt = nextActionInstant(row.remindOn);
        return {
          id: taskId('policy', row.id),
          kind: 'policy' as const,
          sourceId: row.id,
          dueAt,
          window: taskWindow(row.remindOn, today) ?? 'upcoming',
          type: null,
          note: null,
          contactId: row.contactId,
          title: row.contactName,
          detail: `Informar o nº da seguradora da apólice emitida em ${formatDate(row.issuedOn)} (hoje com o provisório ${row.policyNumber})`,
        };
      }),
    ];
    return tasks.sort((a, b) => a.dueAt.localeCompare(b.dueAt) || a.id.localeCompare(b.id));
  }

  async list(userId: string, query: TasksQuery): Promise<TaskList> {
    const all = await this.dueBy(userId, addDaysToDay(saoPauloDay(this.now()), UPCOMING_DAYS));
    const counts: Record<TaskWindow, number> = { overdue: 0, today: 0, upcoming: 0 };
    for (const task of all) counts[task.window] += 1;
    return { tasks: query.when ? all.filter((task) => task.window === query.when) : all, counts };
  }

  /** POST /api/tasks/{id}/done: the next action is cleared (a card warms up: something was done). */
  async done(userId: string, id: string): Promise<void> {
    const task = parseTaskId(id)!;
    // Typing the number ends it (PATCH /api/policies/{id}); an unknown one is no task.
    if (task.kind === 'policy') {
      const awaiting = this.finance
        ? await this.finance.call(FINANCE_OPERATIONS.policyNumberTasks, {
            params: { userId },
            query: { until: addDaysToDay(saoPauloDay(this.now()), 3_650) },
          })
        : [];
      const open = awaiting.some((policy) => policy.id === task.id);
      throw open ? new HttpError(409, NUMBER_TASK) : new HttpError(404, NOT_FOUND.task);
    }
    if (task.kind === 'renewal') {
      if (!this.finance) throw new HttpError(404, NOT_FOUND.task);
      await asTask(this.finance.call(FINANCE_OPERATIONS.renewalTaskDone, { params: { userId, id: task.id } }));
      return;
    }
    const done = await updateCardJson(
      this.knex,
      userId,
      task.id,
      { sql: 'next_action_at = null, next_action_type = null, next_action_note = null', bindings: [] },
      "status = 'active' and next_action_at is not null",
    );
    if (done) return;
    throw await this.cardRefusal(userId, task.id);
  }

  /** Why a card's task matched nothing: an open card without a next action (done already, 409), else no task of the broker's (404). */
  private async cardRefusal(userId: string, cardId: number): Promise<HttpError> {
    const open = await this.cards.of(userId).byId(cardId).andWhere({ status: 'active' }).first('id');
    return open ? new HttpError(409, ALREADY_DONE) : new HttpError(404, NOT_FOUND.task);
  }

  /** POST /api/tasks/{id}/snooze: the task comes back at `until` (a renewal without an action gets a call then). */
  async snooze(userId: string, id: string, input: SnoozeInput): Promise<Task> {
    if (Date.parse(input.until) <= this.now().getTime()) throw new HttpError(400, PAST, [{ path: 'until', message: PAST }]);
    const task = parseTaskId(id)!;
    if (task.kind === 'renewal' || task.kind === 'policy') {
      if (!this.finance) throw new HttpError(404, NOT_FOUND.task);
      const operation = task.kind === 'renewal' ? FINANCE_OPERATIONS.renewalTaskSnooze : FINANCE_OPERATIONS.policyNumberTaskSnooze;
      await asTask(this.finance.call(operation, { params: { userId, id: task.id }, body: input }));
    } else {
      const moved = await updateCardJson(
        this.knex,
        userId,
        task.id,
        { sql: 'next_action_at = ?', bindings: [input.until] },
        "status = 'active' and next_action_at is not null",
      );
      if (!moved) {
        throw await this.cardRefusal(userId, task.id);
      }
    }
    const tasks = await this.dueBy(userId, saoPauloDay(input.until));
    const snoozed = tasks.find((candidate) => candidate.id === id);
    if (!snoozed) throw new HttpError(404, NOT_FOUND.task);
    return snoozed;
  }
}
