/**
 * Values as spreadsheets hold them, read into what the API stores: money in integer cents, dates
 * as ISO calendar dates, names compared without accents, case or company suffixes. Excel in pt-BR
 * writes '1.234,56' and '03/04/2024' (3 April); other exports write '1234.56' and ISO dates; an XLSX
 * cell holds numbers (a date is a serial day count). Every reader answers null for what it cannot
 * read, and the caller says why.
 */
import * as v from 'valibot';
import { isIsoDate } from '../br/date';
import { comparableName } from '../br/text';
import { isValidCnpj, normalizeCnpj } from '../br/cnpj';
import { isValidCpf, normalizeCpf } from '../br/cpf';

/** Rounds a non-negative decimal written with '.' to cents, half up, on its digits (never a float). */
function decimalToCents(integer: string, fraction: string): number | null {
  const kept = `${integer}${fraction.slice(0, 2).padEnd(2, '0')}`;
  let cents = Number(kept);
  if (fraction.length > 2 && Number(fraction[2]) >= 5) cents += 1;
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * '1.234,56', '1234,56', 'R$ 1.234,56', '1234.56', '1,234.56', '-10,00' (negative when allowed),
 * an XLSX number ('1073.8000000000002', rounded half up to the cent). The last of '.' and ',' is
 * the decimal separator when both appear; alone, ',' is decimal and '.' is decimal unless it groups
 * exactly three digits ('1.234' is a thousand reais, as pt-BR writes it).
 */
export function parseSheetMoney(text: string, allowNegative = false): number | null {
  let cleaned = text.replace(/R\$/gi, '').replace(/[\s\u00a0]/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(cleaned)) {
    negative = true;
    cleaned = cleaned.slice(1, -1);
  }
  if (cleaned.startsWith('-')) {
    negative = true;
    cleaned = cleaned.slice(1);
  }
  if (cleaned === '' || cleaned.length > 24 || (negative && !allowNegative)) return null;
  const lastComma = cleaned.lastIndexOf(',');
  const lastDot = cleaned.lastIndexOf('.');
  let integer: string;
  let fraction = '';
  if (lastComma >= 0 && lastDot >= 0) {
    const [decimal, group] = lastComma > lastDot ? [',', '.'] : ['.', ','];
    const at = cleaned.lastIndexOf(decimal);
    integer = cleaned.slice(0, at);
    fraction = cleaned.slice(at + 1);
    if (!new RegExp(`^\\d{1,3}(\\${group}\\d{3})*$`).test(integer)) return null;
    integer = integer.split(group).join('');
  } else if (lastComma >= 0) {
    if (!/^(\d{1,3}(\.\d{3})*|\d+),\d+$/.test(cleaned)) return null;
    [integer = '', fraction = ''] = cleaned.split(',');
    if (fraction.length > 2) return null;
  } else if (lastDot >= 0) {
    if (/^[1-9]\d{0,2}(\.\d{3})+$/.test(cleaned)) integer = cleaned.replace(/\./g, '');
    else if (/^\d+\.\d+$/.test(cleaned)) [integer = '', fraction = ''] = cleaned.split('.');
    else return null;
  } else {
    integer = cleaned;
  }
  if (!/^\d+$/.test(integer) || !/^\d*$/.test(fraction) || integer.length > 13) return null;
  const cents = decimalToCents(integer, fraction);
  return cents === null ? null : negative ? -cents : cents;
}

/** '12,5%', '12.5', '0,125' is not a percentage; as hundredths of a percent (1250). */
export function parseSheetPercent(text: string): number | null {
  const cleaned = text.replace(/%/g, '').trim();
  return parseSheetMoney(cleaned);
}

/** A two-digit year: up to ten years ahead is this century, the rest the last (a birth in '85). */
function fullYear(twoDigits: number, today: Date): number {
  const pivot = (today.getUTCFullYear() % 100) + 10;
  const century = Math.floor(today.getUTCFullYear() / 100) * 100;
  return twoDigits <= pivot ? century + twoDigits : century - 100 + twoDigits;
}

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/**
 * 'dd/mm/aaaa' (also with '-' or '.'), 'dd/mm/aa', ISO ('2024-04-03', with or without a time) and
 * Excel serial days ('45385' = 2024-04-03; only 1 to 2958465, the years 1900 to 9999) as
 * 'YYYY-MM-DD'. Never month-first: '03/04/2024' is 3 April.
 */
export function parseSheetDate(text: string, today: Date = new Date()): string | null {
  const trimmed = text.trim();
  const br = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(trimmed);
  if (br) {
    const year = br[3]!.length === 2 ? fullYear(Number(br[3]), today) : Number(br[3]);
    const iso = `${String(year).padStart(4, '0')}-${br[2]!.padStart(2, '0')}-${br[1]!.padStart(2, '0')}`;
    return isIsoDate(iso) ? iso : null;
  }
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(trimmed);
  if (iso) return isIsoDate(iso[1]!) ? iso[1]! : null;
  if (/^\d{1,7}(\.\d+)?$/.test(trimmed)) {
    const serial = Math.floor(Number(trimmed));
    if (serial < 1 || serial > 2_958_465) return null;
    return new Date(EXCEL_EPOCH_MS + serial * 86_400_000).toISOString().slice(0, 10);
  }
  return null;
}

/** An insurer's name without its company suffix: 'Porto Seguro Cia. de Seguros Gerais S.A.' ~ 'porto seguro'. */
export function comparableInsurer(text: string): string {
  return comparableName(text)
    .replace(/\b(s ?a|ltda|cia|companhia|de seguros( gerais)?|seguros gerais|seguradora)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What a money cell that does not read says, after its field's label. */
export const MONEY_MESSAGE = 'Valor inválido: use 1.234,56';
export const DOCUMENT_MESSAGE = 'CPF ou CNPJ inválido';

/** A CPF or CNPJ as a spreadsheet holds it (formatted or not; a CPF that lost its leading zeros to Excel gets them back). */
export function parseDocument(text: string): { cpf: string } | { cnpj: string } | null {
  const trimmed = text.trim();
  if (trimmed.length > 20) return null;
  const cleaned = trimmed.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (/^\d{9,11}$/.test(cleaned) || /^\d{9}XX$/.test(cleaned)) {
    const cpf = /^\d+$/.test(cleaned) ? cleaned.padStart(11, '0') : cleaned;
    if (isValidCpf(cpf)) return { cpf: normalizeCpf(cpf) };
  }
  if (/^\d{12,14}$/.test(cleaned) && isValidCnpj(cleaned.padStart(14, '0'))) return { cnpj: cleaned.padStart(14, '0') };
  if (isValidCnpj(cleaned)) return { cnpj: normalizeCnpj(cleaned) };
  return null;
}

/** A cell that may be blank (null); anything else must read as a value, or the row says `message`. */
export function optionalCell<T>(message: string, read: (text: string) => T | null) {
  return v.pipe(
    v.optional(v.string(), ''),
    v.transform((text: string): { value: T | null; blank: boolean } =>
      text.trim() === '' ? { value: null, blank: true } : { value: read(text.trim()), blank: false },
    ),
    v.check((cell) => cell.blank || cell.value !== null, message),
    v.transform((cell) => cell.value),
  );
}

/** A field of an import as the wizard offers it: its label, and the header words (compared without accents or case) that suggest it. */
export interface FieldInfo {
  label: string;
  /** Header words (compared without accents or case) that suggest the field. */
  headers: readonly string[];
}
