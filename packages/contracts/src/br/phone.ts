import { isAreaCode } from './ddd';

/** Cleaning keeps digits and a leading '+', as typed numbers like '+55 (11) 98765-4321' need. */
function cleanPhone(value: string): string {
  const trimmed = value.trim();
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}

/**
 * Brazilian mobile: 11 digits (area code + 9 + 8 digits), optionally prefixed by +55 / 55,
 * or 9 digits starting with 9 (no area code).
 */
export function isValidMobilePhone(value: string): boolean {
  if (value.length > 19) return false;
  const cleaned = cleanPhone(value);
  if (cleaned.length > 14) return false;
  return /^(\+?55)?[1-9]\d9\d{8}$/.test(cleaned) || /^9\d{8}$/.test(cleaned);
}

/** Storage form: the national number, digits only (11 digits, or 9 without area code). */
export function normalizePhone(value: string): string {
  const cleaned = cleanPhone(value).replace('+', '');
  return cleaned.length === 13 && cleaned.startsWith('55') ? cleaned.slice(2) : cleaned;
}

/** A landline's number after the area code starts with 2–5; a mobile's with 9 (6–8: an old mobile). */
const isLandlineStart = (digit: string | undefined) => digit !== undefined && digit >= '2' && digit <= '5';

function maskNational(digits: string): string {
  if (digits.length === 0) return '';
  if (digits.length <= 2) return `(${digits}`;
  const area = digits.slice(0, 2);
  const rest = digits.slice(2);
  // (11) 3222-4455 for a landline, (11) 98765-4321 for a mobile, told apart by the first digit.
  const head = isLandlineStart(rest[0]) ? 4 : 5;
  if (rest.length <= head) return `(${area}) ${rest}`;
  return `(${area}) ${rest.slice(0, head)}-${rest.slice(head, head + 4)}`;
}

/** Progressive mask: (DD) 00000-0000 for a mobile, (DD) 0000-0000 for a landline, with an optional +55 prefix. */
export function maskPhone(value: string): string {
  const cleaned = cleanPhone(value);
  if (cleaned.startsWith('+')) {
    const digits = cleaned.slice(1);
    const country = digits.slice(0, 2);
    const national = maskNational(digits.slice(2, 13));
    return national ? `+${country} ${national}` : `+${country}`;
  }
  return maskNational(cleaned.slice(0, isLandlineStart(cleaned[2]) ? 10 : 11));
}

export function formatPhone(stored: string | null | undefined): string {
  if (!stored) return '';
  if (stored.length === 9) return `${stored.slice(0, 5)}-${stored.slice(5)}`;
  // A landline: (DD) 0000-0000.
  if (/^\d{10}$/.test(stored)) return `(${stored.slice(0, 2)}) ${stored.slice(2, 6)}-${stored.slice(6)}`;
  return maskPhone(stored);
}

/** A phone as an import reads it: the national digits (what `phone` stores) and its E.164 form. */
export interface ParsedPhone {
  national: string;
  e164: string;
}

/**
 * Any Brazilian phone as spreadsheets hold it: '(11) 98765-4321', '+55 11 98765-4321',
 * '011 98765-4321', '0 21 11 98765-4321' (a carrier code), '11 8765-4321' (a mobile written before
 * the 9th digit: the 9 is added), '11 3456-7890' (a landline). The area code must be a real one
 * (ddd.ts). Null for anything else.
 */
export function parseBrazilianPhone(value: string): ParsedPhone | null {
  if (value.length > 30) return null;
  let digits = value.replace(/\D/g, '');
  // National numbers have 10 or 11 digits: 12 or 13 starting with 55 carry the country code.
  if (/^55\d{10,11}$/.test(digits)) digits = digits.slice(2);
  else if (/^0\d{12,13}$/.test(digits)) digits = digits.slice(3);
  else if (/^0\d{10,11}$/.test(digits)) digits = digits.slice(1);
  if (!isAreaCode(digits.slice(0, 2))) return null;
  const area = digits.slice(0, 2);
  const number = digits.slice(2);
  let national: string;
  if (/^9\d{8}$/.test(number)) national = digits;
  else if (/^[2-5]\d{7}$/.test(number)) national = digits;
  else if (/^[6-9]\d{7}$/.test(number)) national = `${area}9${number}`;
  else return null;
  return { national, e164: `+55${national}` };
}

/** A phone a form takes: any Brazilian mobile or landline with its area code (the import's rule: parseBrazilianPhone). */
export function isValidPhone(value: string): boolean {
  return parseBrazilianPhone(value) !== null;
}

/** A stored (national) number that is a mobile, the only kind WhatsApp reaches: DDD + 9 + 8 digits. */
export function isMobileNumber(national: string | null | undefined): boolean {
  return national !== null && national !== undefined && /^[1-9]{2}9\d{8}$/.test(national);
}
