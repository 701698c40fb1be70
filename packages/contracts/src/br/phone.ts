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

function maskNational(digits: string): string {
  if (digits.length === 0) return '';
  if (digits.length <= 2) return `(${digits}`;
  const area = digits.slice(0, 2);
  const rest = digits.slice(2);
  if (rest.length <= 5) return `(${area}) ${rest}`;
  return `(${area}) ${rest.slice(0, 5)}-${rest.slice(5, 9)}`;
}

/** Progressive mask (DD) 00000-0000, with an optional +55 prefix. */
export function maskPhone(value: string): string {
  const cleaned = cleanPhone(value);
  if (cleaned.startsWith('+')) {
    const digits = cleaned.slice(1);
    const country = digits.slice(0, 2);
    const national = maskNational(digits.slice(2, 13));
    return national ? `+${country} ${national}` : `+${country}`;
  }
  return maskNational(cleaned.slice(0, 11));
}

export function formatPhone(stored: string | null | undefined): string {
  if (!stored) return '';
  if (stored.length === 9) return `${stored.slice(0, 5)}-${stored.slice(5)}`;
  return maskPhone(stored);
}
