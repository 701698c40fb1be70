import {
  RENEWAL_TASK_LEAD_DAYS,
  addDaysToDay,
  formatDate,
  nextActionInstant,
  saoPauloDay,
  taskId,
  taskWindow,
  type NextActionType,
  type PolicyNumberTaskRow,
  type ReferenceData,
  type RenewalTaskRow,
  type Task,
} from '@corretora/contracts';

// Minhas tarefas' four sources as tasks: the whole lists (tasks.service.ts) and their pages (task-page.ts).

/** A task the broker wrote, with the names it shows. */
export interface WrittenTaskRow {
  id: number;
  title: string;
  dueAt: Date;
  timed: boolean;
  contactId: number | null;
  cardId: number | null;
  policyId: number | null;
  contactName: string | null;
  stageKey: string | null;
  fromPortal: boolean;
}

/** A card's next action, with its contact's name. */
export interface CardTaskRow {
  id: number;
  contactId: number;
  name: string;
  stageKey: string;
  dueAt: Date;
  type: NextActionType;
  note: string | null;
}

/** A card's next action as a task on `today`. */
export function cardTask(row: CardTaskRow, today: string, stages: ReferenceData['pipelineStages']): Task {
  const dueAt = new Date(row.dueAt).toISOString();
  return {
    id: taskId('card', row.id),
    kind: 'card',
    sourceId: row.id,
    dueAt,
    // A next action is set for a day (09:00 in São Paulo): its hour was not chosen.
    timed: false,
    window: taskWindow(saoPauloDay(dueAt), today) ?? 'upcoming',
    type: row.type,
    note: row.note,
    contactId: row.contactId,
    cardId: row.id,
    policyId: null,
    title: row.name,
    detail: `Pipeline: ${stages.find((stage) => stage.key === row.stageKey)?.name ?? row.stageKey}`,
    fromPortal: false,
  };
}

/** An open renewal as a task on `today`. */
export function renewalTask(row: RenewalTaskRow, today: string): Task {
  // Without a next action, a renewal is due from D-30: time to quote before the policy ends.
  const dueAt = row.nextAction?.dueAt ?? nextActionInstant(addDaysToDay(row.renewalDate, -RENEWAL_TASK_LEAD_DAYS));
  return {
    id: taskId('renewal', row.id),
    kind: 'renewal',
    sourceId: row.id,
    dueAt,
    timed: false,
    window: taskWindow(saoPauloDay(dueAt), today) ?? 'upcoming',
    type: row.nextAction?.type ?? null,
    note: row.nextAction?.note ?? null,
    contactId: row.contactId,
    cardId: null,
    policyId: row.policyId,
    title: row.contactName,
    detail: `Renovação da apólice ${row.policyNumber} (vence ${formatDate(row.renewalDate)})`,
    fromPortal: false,
  };
}

/** A policy awaiting the insurer's number as a task on `today`. */
export function policyTask(row: PolicyNumberTaskRow, today: string): Task {
  const dueAt = nextActionInstant(row.remindOn);
  return {
    id: taskId('policy', row.id),
    kind: 'policy',
    sourceId: row.id,
    dueAt,
    timed: false,
    window: taskWindow(row.remindOn, today) ?? 'upcoming',
    type: null,
    note: null,
    contactId: row.contactId,
    cardId: null,
    policyId: row.id,
    title: row.contactName,
    detail: `Informar o nº da seguradora da apólice emitida em ${formatDate(row.issuedOn)} (hoje com o provisório ${row.policyNumber})`,
    fromPortal: false,
  };
}

/** A task the broker wrote, as Minhas tarefas shows it on `today`. */
export function writtenTask(row: WrittenTaskRow, today: string, stages: ReferenceData['pipelineStages']): Task {
  const dueAt = new Date(row.dueAt).toISOString();
  const stage = row.stageKey ? (stages.find((candidate) => candidate.key === row.stageKey)?.name ?? row.stageKey) : null;
  return {
    id: taskId('task', row.id),
    kind: 'task',
    sourceId: row.id,
    dueAt,
    timed: row.timed,
    window: taskWindow(saoPauloDay(dueAt), today) ?? 'upcoming',
    type: null,
    note: null,
    contactId: row.contactId,
    cardId: row.cardId,
    policyId: row.policyId,
    title: row.title,
    detail:
      [row.contactName, stage ? `Negócio em ${stage}` : null, row.policyId ? 'Sobre uma apólice do cliente' : null]
        .filter(Boolean)
        .join(' · ') || 'Tarefa da corretora',
    fromPortal: row.fromPortal === true,
  };
}

/** The lists' order: the soonest first, then by id (as text). */
export const byDue = (a: Task, b: Task) => a.dueAt.localeCompare(b.dueAt) || a.id.localeCompare(b.id);
