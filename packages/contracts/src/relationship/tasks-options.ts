import { SAO_PAULO, formatDate, formatDateTime, saoPauloDay } from '../br/date';

/**
 * Minhas tarefas and going cold: what a task is, which list it falls in, and how long a card
 * may sit without activity. Constants and pure functions only (no valibot).
 */

/** The lists of Minhas tarefas: due before today, today, and the next UPCOMING_DAYS days (São Paulo dates). */
export const TASK_WINDOWS = [
  { value: 'overdue', label: 'Atrasadas' },
  { value: 'today', label: 'Hoje' },
  { value: 'upcoming', label: 'Próximas' },
] as const;
export type TaskWindow = (typeof TASK_WINDOWS)[number]['value'];
export const UPCOMING_DAYS = 7;
/** An open renewal without a next action becomes a task this many days before the policy ends (D-30). */
export const RENEWAL_TASK_LEAD_DAYS = 30;

/**
 * A task's id on the wire: its source and the source's id ('card-12', 'renewal-34', 'policy-56': a
 * policy awaiting its number, 'task-78': a task the broker wrote).
 */
export const TASK_ID_PATTERN = /^(card|renewal|policy|task)-([1-9]\d{0,9})$/;
export type TaskKind = 'card' | 'renewal' | 'policy' | 'task';

/** A task the broker writes: its title's longest. */
export const TASK_TITLE_MAX = 200;

export function taskId(kind: TaskKind, id: number): string {
  return `${kind}-${id}`;
}

export function parseTaskId(text: string): { kind: TaskKind; id: number } | null {
  const match = TASK_ID_PATTERN.exec(text);
  if (!match) return null;
  const id = Number(match[2]);
  return id <= 2_147_483_647 ? { kind: match[1] as TaskKind, id } : null;
}

/** The day `days` after a YYYY-MM-DD day. */
export function addDaysToDay(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Which list a task due on `dueDay` is in on `today`, or null when it is further away than the upcoming window. */
export function taskWindow(dueDay: string, today: string): TaskWindow | null {
  if (dueDay < today) return 'overdue';
  if (dueDay === today) return 'today';
  return dueDay <= addDaysToDay(today, UPCOMING_DAYS) ? 'upcoming' : null;
}

/** A next action set for a day is due at 09:00 in São Paulo (12:00 UTC: Brazil keeps no summer time). */
export function nextActionInstant(day: string): string {
  return `${day}T12:00:00.000Z`;
}

/** The digest goes out at this hour of São Paulo's day. */
export const DIGEST_HOUR = 7;

/** Days without activity a stage allows (Configurações > Etapas): 1 to 365, or none. */
export const IDLE_DAYS_MAX = 365;
/** What a new brokerage starts with, per stage key (Finalizado has none: the sale is done). */
export const DEFAULT_IDLE_DAYS: Readonly<Record<string, number | null>> = { leads: 3, qualified: 7, proposal: 5, closed: null };

export type IdleLevel = 'ok' | 'limit' | 'over';

const DAY_MS = 86_400_000;

/**
 * How cold a card is: whole days since its last activity against its stage's limit; amber
 * ('limit') on the limit's day, red ('over') past it; 'ok' below it or when the stage has none.
 */
export function idleState(lastActivityAt: string, idleDays: number | null, now: number): { days: number; level: IdleLevel } {
  const days = Math.max(0, Math.floor((now - new Date(lastActivityAt).getTime()) / DAY_MS));
  if (idleDays === null || days < idleDays) return { days, level: 'ok' };
  return { days, level: days === idleDays ? 'limit' : 'over' };
}

/** When a task is due, as the lists say it: 'dd/mm/aaaa', or 'dd/mm/aaaa às hh:mm' when its hour was chosen (São Paulo time). */
export function taskDueText(task: { dueAt: string; timed: boolean }): string {
  return task.timed ? formatDateTime(task.dueAt, SAO_PAULO).replace(' ', ' às ') : formatDate(saoPauloDay(task.dueAt));
}
