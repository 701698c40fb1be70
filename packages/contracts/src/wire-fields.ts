import * as v from 'valibot';
import { isIsoDate, isIsoMonth, isIsoTimestamp, isTypedDate, isTypedDateOrNone, parseDate } from './br/date';
import { wireToCents } from './br/money';
import { required } from './fields';
import { MAX_ID } from './ids';

/**
 * Field schemas for values as they travel: ids, money (integer cents in forms, '1248.00' on the
 * wire) and calendar dates. Every domain's schemas build on these, so each rule is written once.
 */

/** Section 9: the largest amount a money field of the finalize form (and finance) takes, in cents. */
export const FINALIZE_MONEY_MAX_CENTS = 9_900_000_000;

export const isId = (value: number) => Number.isInteger(value) && value >= 1 && value <= MAX_ID;

/** An id picked in a <select>: text in the form ('' while nothing is chosen), a number after parsing. */
export function formId(message: string) {
  return required(v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.transform(Number), v.check(isId, message)));
}

/**
 * An id inside a JSON body: an integer 1..MAX_ID, the same rule as an id in a path (a larger one,
 * 1e308 or 2147483648, cannot exist and would overflow the column: it is the field's message).
 */
export function bodyId(message: string) {
  return v.pipe(v.number(message), v.check(isId, message));
}

/** An id on the wire: a JSON number (a numeric string is tolerated), absent or blank is the field's message. */
export function wireId(message: string) {
  return required(
    v.pipe(
      v.union([v.number(message), v.string(message)], message),
      v.transform((value) => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value))),
      v.check(isId, message),
    ),
  );
}

export function optionalWireId(message: string) {
  return v.optional(
    v.pipe(
      v.nullable(v.union([v.number(message), v.string(message)], message)),
      v.transform((value) => (value === null || value === '' ? null : Number(value))),
      v.check((value) => value === null || isId(value), message),
    ),
    null,
  );
}

export const centsInRange = (max: number) => (value: number) => Number.isInteger(value) && value >= 0 && value <= max;

/** Integer cents held by a form's money field; null while empty. */
export function optionalCents(max: number, rangeMessage: string) {
  return v.optional(v.nullable(v.pipe(v.number(rangeMessage), v.check(centsInRange(max), rangeMessage))), null);
}

/** Integer cents the form must have (empty is the field's message). */
export function requiredCents(requiredMessage: string, max: number, rangeMessage: string) {
  return v.pipe(
    v.optional(v.nullable(v.number(requiredMessage)), null),
    v.check((value) => value !== null, requiredMessage),
    v.transform((value): number => value ?? 0),
    v.check(centsInRange(max), rangeMessage),
  );
}

const WIRE_MONEY_FORMAT = 'Valor inválido. Use reais com até 2 casas decimais, ex.: "1248.00"';

/** A decimal(10,2) amount on the wire ('1248.00'), as integer cents after parsing. */
export function wireMoney(requiredMessage: string, negativeMessage: string, max = FINALIZE_MONEY_MAX_CENTS) {
  return required(
    v.pipe(
      v.string(requiredMessage),
      v.trim(),
      v.nonEmpty(requiredMessage),
      v.transform((value) => wireToCents(value)),
      v.check((cents) => cents !== null, WIRE_MONEY_FORMAT),
      v.transform((cents) => cents as number),
      v.minValue(0, negativeMessage),
      v.maxValue(max, 'Valor acima do limite permitido'),
    ),
  );
}

/** The same, or null/empty for none. Text that is not an amount is refused, never read as none. */
export function optionalWireMoney(negativeMessage: string, max = FINALIZE_MONEY_MAX_CENTS) {
  return v.optional(
    v.pipe(
      v.nullable(v.string('Valor inválido')),
      v.check((value) => value === null || value.trim() === '' || wireToCents(value) !== null, WIRE_MONEY_FORMAT),
      v.transform((value) => (value === null || value.trim() === '' ? null : wireToCents(value))),
      v.check((cents) => cents === null || cents >= 0, negativeMessage),
      v.check((cents) => cents === null || cents <= max, 'Valor acima do limite permitido'),
    ),
    null,
  );
}

/**
 * A calendar date that may be left empty: dd/mm/aaaa as typed, or ISO on the wire; YYYY-MM-DD or
 * null after parsing ('' and null are "not informed").
 */
export function optionalDateField() {
  return v.optional(
    v.pipe(
      v.nullable(v.string('Data inválida. Use dd/mm/aaaa')),
      // The check before any transform: the API reference reads a pipe up to its first transform.
      v.check(isTypedDateOrNone, 'Data inválida. Use dd/mm/aaaa'),
      v.transform((value) => (value === null || value.trim() === '' ? null : (parseDate(value) as string))),
    ),
    null,
  );
}

/** A calendar date: dd/mm/aaaa as typed, or ISO on the wire; always YYYY-MM-DD after parsing. */
export function dateField(message: string) {
  return required(
    v.pipe(
      v.string(message),
      v.trim(),
      v.nonEmpty(message),
      v.check(isTypedDate, 'Data inválida. Use dd/mm/aaaa'),
      v.transform((value) => parseDate(value) as string),
    ),
  );
}

/** A calendar date on the wire: YYYY-MM-DD, a real date of 1900–2100 (2026-02-30 and 0000-01-01 are the field's message). */
export function wireDate(message: string, format = 'Data inválida: use AAAA-MM-DD') {
  return v.pipe(v.string(message), v.nonEmpty(message), v.check(isIsoDate, format));
}

/**
 * An instant on the wire: ISO 8601 with Z or an offset within ±14:00 (2026-11-26T10:00:00-03:00),
 * a real date of 1900–2100. Every date and timestamp a body or a query carries goes through this
 * or wireDate, so PostgreSQL never sees one it refuses (a 500) or silently moves (2026-02-30).
 */
export function wireTimestamp(message: string, format = 'Data inválida: use AAAA-MM-DDTHH:MM:SSZ') {
  return v.pipe(v.string(message), v.nonEmpty(message), v.check(isIsoTimestamp, format));
}

/** A month on the wire: YYYY-MM of 1900–2100. */
export function wireMonth(message: string) {
  return v.pipe(v.string(message), v.check(isIsoMonth, message));
}

/** An optional id picked in a <select> ('' is none). */
export function optionalFormId(message: string) {
  return v.pipe(
    v.string(message),
    v.transform((value) => (value === '' ? null : Number(value))),
    v.check((value) => value === null || isId(value), message),
  );
}

/** A list's page on the wire (`?page=N`, from 1): a malformed one is the field's pt-BR message. */
export const wirePage = v.optional(
  v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'Página inválida'), v.transform(Number), v.minValue(1, 'Página inválida')),
  '1',
);

/** How many rows a page holds (`?pageSize=N`, 1..max, `fallback` when absent). */
export function wirePageSize(max: number, fallback: number) {
  return v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'Tamanho de página inválido'),
      v.transform(Number),
      v.minValue(1, 'Tamanho de página inválido'),
      v.maxValue(max, 'Tamanho de página inválido'),
    ),
    String(fallback),
  );
}
