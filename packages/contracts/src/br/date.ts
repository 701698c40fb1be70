const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });

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
  return Number.isNaN(date.getTime()) ? '' : DATE.format(date);
}


/** True for a real calendar date written as YYYY-MM-DD (rejects 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const match = DATE_ONLY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
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
