import { onFirstUse } from './intl';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE = onFirstUse(() => new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' }));

/**
 * dd/mm/aaaa. A date-only ISO value ('2027-12-31') is a calendar date, not an instant: it is
 * formatted from its parts so no timezone can move it to the previous day.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string') {
    const match = DATE_ONLY.exec(value);
    if (match) return `${match[3]}/${match[2]}/${match[1]}`;
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : DATE().format(date);
}

const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};
const DATE_TIME = onFirstUse(() => new Intl.DateTimeFormat('pt-BR', DATE_TIME_OPTIONS));

/** dd/mm/aaaa hh:mm in the viewer's time zone (an instant, not a calendar date). */
export function formatDateTime(value: string | Date, timeZone?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const format = timeZone ? new Intl.DateTimeFormat('pt-BR', { ...DATE_TIME_OPTIONS, timeZone }) : DATE_TIME();
  return format.format(date).replace(',', '');
}

const RELATIVE = onFirstUse(() => new Intl.RelativeTimeFormat('pt-BR', { numeric: 'auto' }));
const RELATIVE_STEPS: [limitSeconds: number, unit: Intl.RelativeTimeFormatUnit, seconds: number][] = [
  [3600, 'minute', 60],
  [86_400, 'hour', 3600],
  [7 * 86_400, 'day', 86_400],
  [30 * 86_400, 'week', 7 * 86_400],
];

/**
 * 'Atividade Recente' times: 'agora mesmo', 'há 5 minutos', 'há 2 horas', 'ontem', 'há 3 dias',
 * 'há 2 semanas'; older than 30 days, the date (dd/mm/aaaa). A clock a little ahead of ours (an
 * event "in the future") reads as now.
 */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = Math.max(0, (now.getTime() - date.getTime()) / 1000);
  if (seconds < 60) return 'agora mesmo';
  for (const [limit, unit, size] of RELATIVE_STEPS) {
    if (seconds < limit) return RELATIVE().format(-Math.floor(seconds / size), unit);
  }
  return formatDate(date);
}

/** The years a date on the wire or in a form may have: what a policy, a birth or a due date can be. */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2100;

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < DATE_YEAR_MIN || year > DATE_YEAR_MAX) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** True for a real calendar date written as YYYY-MM-DD, years 1900–2100 (rejects 2026-02-30 and 0000-01-01). */
export function isIsoDate(value: string): boolean {
  const match = DATE_ONLY.exec(value);
  return match !== null && isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** 2026-11-26T10:00[:00[.000]] then Z or ±hh:mm. */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|([+-])(\d{2}):(\d{2}))$/;

/**
 * True for an instant written as ISO 8601 with its offset that PostgreSQL takes as it is: a real
 * calendar date (1900–2100), a real time of day, and an offset within ±14:00 (the widest any time
 * zone uses; Postgres refuses or misreads beyond it).
 */
export function isIsoTimestamp(value: string): boolean {
  const match = TIMESTAMP.exec(value);
  if (!match || !isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) return false;
  const [hour, minute, second] = [Number(match[4]), Number(match[5]), Number(match[6] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return false;
  if (match[7] === 'Z') return true;
  const offsetMinutes = Number(match[9]) * 60 + Number(match[10]);
  return Number(match[10]) <= 59 && offsetMinutes <= 14 * 60;
}

const DATE_BR = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** Progressive mask while typing: '3112' -> '31/12', '31122027' -> '31/12/2027'. */
export function maskDate(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/** A calendar date typed as dd/mm/aaaa (or already ISO) as YYYY-MM-DD; null when it is not a real date. */
export function parseDate(value: string): string | null {
  const trimmed = value.trim();
  const br = DATE_BR.exec(trimmed);
  const iso = br ? `${br[3]}-${br[2]}-${br[1]}` : trimmed;
  return isIsoDate(iso) ? iso : null;
}

/*
 * The wire's date checks, named: the API reference recognises each by identity and publishes
 * its format or pattern (gateway-kit's openapi.ts), which a bare check would leave out.
 */

/** YYYY-MM of 1900–2100. */
export function isIsoMonth(value: string): boolean {
  return /^\d{4}-\d{2}$/.test(value) && isIsoDate(`${value}-01`);
}

const MONTH_NAME = onFirstUse(() => new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' }));

/** A YYYY-MM month by name: '2026-11' -> 'novembro de 2026'. */
export function monthName(month: string): string {
  return MONTH_NAME().format(new Date(`${month}-01T00:00:00Z`));
}

/** The month `by` months after a YYYY-MM month (before it when negative). */
export function shiftMonth(month: string, by: number): string {
  const [year, index] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, index! - 1 + by, 1)).toISOString().slice(0, 7);
}

/** A real date as a person types it (dd/mm/aaaa) or as the wire carries it (YYYY-MM-DD). */
export function isTypedDate(value: string): boolean {
  return parseDate(value) !== null;
}

/** The same, or nothing informed (null or blank). */
export function isTypedDateOrNone(value: string | null): boolean {
  return value === null || value.trim() === '' || isTypedDate(value);
}

/** A day (YYYY-MM-DD) or an instant (ISO 8601 with its offset): when a task is due. */
export function isDayOrInstant(value: string): boolean {
  return isIsoDate(value) || isIsoTimestamp(value);
}

/** The time zone every broker's day, month and schedule is counted in (the product is Brazil's; its clock is São Paulo's). */
export const SAO_PAULO = 'America/Sao_Paulo';

/** sv-SE writes a date as YYYY-MM-DD; one formatter for every call (building one is most of the cost). */
const SAO_PAULO_DAY = onFirstUse(() => new Intl.DateTimeFormat('sv-SE', { timeZone: SAO_PAULO }));

/** The calendar day (YYYY-MM-DD) an instant falls on in São Paulo, where every broker's day is counted. */
export function saoPauloDay(instant: Date | string | number): string {
  return SAO_PAULO_DAY().format(new Date(instant));
}
