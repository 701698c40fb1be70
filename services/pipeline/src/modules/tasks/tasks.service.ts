import {
  FINANCE_OPERATIONS,
  NOT_FOUND,
  UPCOMING_DAYS,
  addDaysToDay,
  nextActionInstant,
  parseTaskId,
  saoPauloDay,
  type FinanceTaskWindow,
  type ReferenceData,
  type PolicyNumberTaskRow,
  type RenewalTaskRow,
  type SnoozeInput,
  type Task,
  type TaskCreateInput,
  type TaskEditInput,
  type TaskList,
  type TaskWindow,
  type TasksQuery,
  SAO_PAULO,
} from '@corretora/contracts';
import { type BrokerScopedTable, HttpError, type InternalClient } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import { updateCardJson } from '../pipeline/card-json';
import { byDue, cardTask, policyTask, renewalTask, writtenTask, type CardTaskRow, type WrittenTaskRow } from './task-views';

const ALREADY_DONE = 'Esta tarefa já foi concluída.';
const NUMBER_TASK = 'Esta tarefa se conclui ao informar o nº da seguradora da apólice, em Apólices.';
const PAST = 'Escolha uma data futura para adiar.';
const CARD_OF_ANOTHER = 'Este negócio é de outro contato.';
const POLICY_NEEDS_CLIENT = 'Escolha o cliente da apólice.';
const NOT_WRITTEN = 'Esta tarefa é a próxima ação de um negócio, de uma renovação ou de uma apólice: altere-a por lá.';
/** Looking for a task of another kind by id: every task due within ten years. */
const EVERY_TASK_DAYS = 3_650;

/** What follows a task query's conditions: its order and limit (nothing: the rows in any order). */
export interface Tail {
  sql: string;
  bindings: readonly Knex.Value[];
}
const NO_TAIL: Tail = { sql: '', bindings: [] };

/** A day (due that day, no hour) or an instant (its hour kept): the row's due_at and timed. */
function dueOf(dueAt: string): { dueAt: string; timed: boolean } {
  const timed = !/^\d{4}-\d{2}-\d{2}$/.test(dueAt);
  return { dueAt: timed ? dueAt : nextActionInstant(dueAt), timed };
}

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
 * Minhas tarefas: the next actions of the broker's open cards (here) and of their open
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
    this.cards = tables.scoped(knex, 'pipeline_cards');
    this.contacts = tables.scoped(knex, 'contacts');
    this.written = tables.scoped(knex, 'tasks');
  }

  private readonly written: BrokerScopedTable;

  /** The broker's open written tasks matching `condition` (SQL over `t`), with their contact's name and card's stage. */
  async writtenRows(userId: string, condition: string, bindings: readonly Knex.Value[], tail: Tail = NO_TAIL): Promise<WrittenTaskRow[]> {
    const { rows } = await this.knex.raw<{ rows: WrittenTaskRow[] }>(
      `select t.id, t.title, t.due_at as "dueAt", t.timed, t.contact_id as "contactId", t.card_id as "cardId", t.policy_id as "policyId",
              k.name as "contactName", c.stage_key as "stageKey", t.origin = 'portal' as "fromPortal"
         from ? left join ? on k.id = t.contact_id left join ? on c.id = t.card_id
        where t.done_at is null and ${condition} ${tail.sql}`,
      [
        this.written.of(userId).from('t'),
        this.contacts.of(userId).from('k'),
        this.cards.of(userId).from('c'),
        ...bindings,
        ...tail.bindings,
      ],
    );
    return rows;
  }

  /** The broker's open cards with a next action matching `condition` (SQL over `c`), with their contact's name. */
  async cardRows(userId: string, condition: string, bindings: readonly Knex.Value[], tail: Tail = NO_TAIL): Promise<CardTaskRow[]> {
    const { rows } = await this.knex.raw<{ rows: CardTaskRow[] }>(
      `select c.id, c.contact_id as "contactId", k.name, c.stage_key as "stageKey", c.next_action_at as "dueAt",
              c.next_action_type as type, c.next_action_note as note
         from ? join ? on k.id = c.contact_id
        where c.status = 'active' and c.next_action_at is not null and ${condition} ${tail.sql}`,
      [this.cards.of(userId).from('c'), this.contacts.of(userId).from('k'), ...bindings, ...tail.bindings],
    );
    return rows;
  }

  /**
   * POST /api/tasks: a task the broker writes. A card names its contact (another one's is a 400); a
   * policy must be one of the contact's (asked of finance); another brokerage's ids are 404s.
   */
  /** `origin` 'portal': the client asked for it on the portal (#61), and Minhas tarefas says so. */
  async create(userId: string, input: TaskCreateInput, origin?: 'portal'): Promise<Task> {
    let contactId = input.contactId;
    if (input.cardId !== null) {
      const card = await this.cards.of(userId).byId(input.cardId).first('contactId');
      if (!card) throw new HttpError(404, NOT_FOUND.card, [{ path: 'cardId', message: NOT_FOUND.card }]);
      if (contactId !== null && contactId !== card.contactId)
        throw new HttpError(400, CARD_OF_ANOTHER, [{ path: 'cardId', message: CARD_OF_ANOTHER }]);
      contactId = card.contactId as number;
    }
    if (contactId !== null && !(await this.contacts.of(userId).byId(contactId).first('id')))
      throw new HttpError(404, NOT_FOUND.contact, [{ path: 'contactId', message: NOT_FOUND.contact }]);
    if (input.policyId !== null) {
      if (contactId === null) throw new HttpError(400, POLICY_NEEDS_CLIENT, [{ path: 'policyId', message: POLICY_NEEDS_CLIENT }]);
      const policies = this.finance
        ? await this.finance.call(FINANCE_OPERATIONS.contactPolicies, { params: { userId, id: contactId } })
        : [];
      if (!policies.some((policy) => policy.id === input.policyId))
        throw new HttpError(404, NOT_FOUND.policy, [{ path: 'policyId', message: NOT_FOUND.policy }]);
    }
    const [row] = await this.knex.transaction((trx) =>
      this.written
        .of(userId, trx)
        .insert({
          title: input.title,
          ...dueOf(input.dueAt),
          contactId,
          cardId: input.cardId,
          policyId: input.policyId,
          // Whose task it is: the route checked the member named; none: the member writing it.
          ...(input.responsibleId ? { responsibleId: input.responsibleId } : {}),
          ...(origin ? { origin } : {}),
        })
        .returning('id'),
    );
    return this.writtenTaskById(userId, row.id as number);
  }

  private async writtenTaskById(userId: string, id: number): Promise<Task> {
    const [row] = await this.writtenRows(userId, 't.id = ?', [id]);
    const stages = row!.stageKey ? (await this.reference(userId)).pipelineStages : [];
    return writtenTask(row!, saoPauloDay(this.now()), stages);
  }

  /** PATCH /api/tasks/{id}: a written task's title and when (whom it is about stays). */
  async edit(userId: string, id: string, input: TaskEditInput): Promise<Task> {
    const task = parseTaskId(id)!;
    if (task.kind !== 'task') throw await this.notWritten(userId, id);
    const [edited] = await this.written
      .of(userId)
      .byId(task.id)
      .whereNull('doneAt')
      .update({ title: input.title, ...dueOf(input.dueAt) })
      .returning('id');
    if (!edited)
      throw (await this.written.of(userId).byId(task.id).first('id'))
        ? new HttpError(409, ALREADY_DONE)
        : new HttpError(404, NOT_FOUND.task);
    return this.writtenTaskById(userId, task.id);
  }

  /** DELETE /api/tasks/{id}: a written task goes (done or not); the audit log keeps that it did. */
  async remove(userId: string, id: string): Promise<void> {
    const task = parseTaskId(id)!;
    if (task.kind !== 'task') throw await this.notWritten(userId, id);
    if ((await this.written.of(userId).remove(task.id)) === 0) throw new HttpError(404, NOT_FOUND.task);
  }

  /** A card's, renewal's or policy's task is changed where it lives (409); one the member does not have is a 404. */
  private async notWritten(userId: string, id: string): Promise<HttpError> {
    const every = await this.dueBy(userId, addDaysToDay(saoPauloDay(this.now()), EVERY_TASK_DAYS));
    return every.some((task) => task.id === id) ? new HttpError(409, NOT_WRITTEN) : new HttpError(404, NOT_FOUND.task);
  }

  /**
   * Every task due by `until` (a São Paulo day), soonest first, whatever its window; with `contactId`, that
   * client's only (the ficha). `financeRows`: finance's renewals and awaiting policies already asked for
   * (the ficha's one call to finance), instead of asking here.
   */
  async dueBy(
    userId: string,
    until: string,
    contactId?: number,
    financeRows?: Promise<Pick<FinanceTaskWindow, 'renewals' | 'awaiting'>>,
  ): Promise<Task[]> {
    const today = saoPauloDay(this.now());
    const ofContact = (column: string) => (contactId === undefined ? '' : ` and ${column} = ?`);
    const contactBinding = contactId === undefined ? [] : [contactId];
    const financeQuery = contactId === undefined ? { until } : { until, contactId: String(contactId) };
    const [cardRows, { renewals, awaiting }, written] = await Promise.all([
      this.cardRows(userId, `(c.next_action_at at time zone '${SAO_PAULO}')::date <= ?::date${ofContact('c.contact_id')}`, [
        until,
        ...contactBinding,
      ]),
      financeRows ?? this.financeTaskRows(userId, financeQuery),
      this.writtenRows(userId, `(t.due_at at time zone '${SAO_PAULO}')::date <= ?::date${ofContact('t.contact_id')}`, [
        until,
        ...contactBinding,
      ]),
    ]);
    const stages = cardRows.length > 0 || written.some((row) => row.stageKey) ? (await this.reference(userId)).pipelineStages : [];
    const tasks: Task[] = [
      ...cardRows.map((row) => cardTask(row, today, stages)),
      ...renewals.map((row) => renewalTask(row, today)),
      ...awaiting.map((row) => policyTask(row, today)),
      ...written.map((row) => writtenTask(row, today, stages)),
    ];
    return tasks.sort(byDue);
  }

  private async financeTaskRows(userId: string, query: { until: string; contactId?: string }) {
    if (!this.finance) return { renewals: [] as RenewalTaskRow[], awaiting: [] as PolicyNumberTaskRow[] };
    const [renewals, awaiting] = await Promise.all([
      this.finance.call(FINANCE_OPERATIONS.renewalTasks, { params: { userId }, query }),
      this.finance.call(FINANCE_OPERATIONS.policyNumberTasks, { params: { userId }, query }),
    ]);
    return { renewals, awaiting };
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
    if (task.kind === 'task') {
      const [finished] = await this.written
        .of(userId)
        .byId(task.id)
        .whereNull('doneAt')
        .update({ doneAt: this.knex.fn.now() })
        .returning('id');
      if (finished) return;
      throw (await this.written.of(userId).byId(task.id).first('id'))
        ? new HttpError(409, ALREADY_DONE)
        : new HttpError(404, NOT_FOUND.task);
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
    } else if (task.kind === 'task') {
      const [moved] = await this.written.of(userId).byId(task.id).whereNull('doneAt').update({ dueAt: input.until }).returning('id');
      if (!moved)
        throw (await this.written.of(userId).byId(task.id).first('id'))
          ? new HttpError(409, ALREADY_DONE)
          : new HttpError(404, NOT_FOUND.task);
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
