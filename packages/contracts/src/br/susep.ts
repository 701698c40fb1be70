export function normalizeSusep(value: string): string {
  return value.replace(/\D/g, '');
}

export function isValidSusep(value: string): boolean {
  return value.length <= 10 && /^[\d\s.-]+$/.test(value) && /^\d{9}$/.test(normalizeSusep(value));
}

/** A 9-digit SUSEP number shows as 8 digits, hyphen, 1 digit. */
export function maskSusep(value: string): string {
  const digits = normalizeSusep(value).slice(0, 9);
  return digits.length > 8 ? `${digits.slice(0, 8)}-${digits.slice(8)}` : digits;
}

export function formatSusep(stored: string | null | undefined): string {
  return stored ? maskSusep(stored) : '';
}
