import { SAO_PAULO } from '@corretora/contracts';
import type Koa from 'koa';

/**
 * CSV for Excel in pt-BR, the one way every export and error list is written: ';' separates (the
 * comma is the decimal separator there), a BOM makes Excel take the file as UTF-8, CRLF ends lines.
 */
const BOM = '\uFEFF';
const SEPARATOR = ';';
const DAY = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: SAO_PAULO });

/**
 * One cell: a value a spreadsheet would run as a formula (=, +, -, @, or a tab/CR that hides one)
 * is prefixed with an apostrophe (OWASP, CSV injection), except a plain negative amount
 * ('-12,50'), which Excel reads as the number it is; a value holding the separator, a quote or a
 * line break is quoted.
 */
export function csvCell(value: string): string {
  const neutral = /^[=+\-@\t\r]/.test(value) && !/^-\d+(,\d+)?$/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(neutral) ? `"${neutral.replace(/"/g, '""')}"` : neutral;
}

/** The whole file: header and rows. */
export function csvDocument(lines: readonly (readonly string[])[]): string {
  return BOM + lines.map((cells) => cells.map(csvCell).join(SEPARATOR)).join('\r\n') + '\r\n';
}

/** Money from the wire ('1234.56', '-12.5') as Excel pt-BR reads a number: '1234,56'; '' for none. */
export function csvMoney(wire: string | null | undefined): string {
  if (wire === null || wire === undefined || wire === '') return '';
  const [integer = '0', fraction = ''] = wire.split('.');
  return `${integer},${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** An ISO calendar date ('2026-03-04') as dd/mm/aaaa; an instant on the broker's calendar (Brasília). */
export function csvDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const calendar = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return calendar ? `${calendar[3]}/${calendar[2]}/${calendar[1]}` : DAY.format(new Date(iso));
}

/** Answers a CSV download: the type, a safe file name, no sniffing. */
export function sendCsv(ctx: Koa.Context, fileName: string, body: string): undefined {
  ctx.set('Content-Disposition', `attachment; filename="${fileName.replace(/[^\w.-]+/g, '_')}"`);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.type = 'text/csv; charset=utf-8';
  ctx.body = body;
  return undefined;
}
