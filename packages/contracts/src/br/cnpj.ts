import { cnpj as cnpjLibrary } from 'cpf-cnpj-validator';

/** Storage form: the 14 characters in upper case, without separators (alphanumeric CNPJ since 2026). */
export function normalizeCnpj(value: string): string {
  return value.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/** Numeric or alphanumeric CNPJ (12 A-Z/0-9 then 2 numeric check digits); check digits by the library. */
export function isValidCnpj(value: string): boolean {
  if (value.length > 18) return false;
  const cnpj = normalizeCnpj(value);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj)) return false;
  if (/^(.)\1{13}$/.test(cnpj)) return false;
  return cnpjLibrary.isValid(cnpj);
}

/** Progressive mask: AA.AAA.AAA/AAAA-00. */
export function maskCnpj(value: string): string {
  const chars = normalizeCnpj(value).slice(0, 14);
  let out = chars.slice(0, 2);
  if (chars.length > 2) out += `.${chars.slice(2, 5)}`;
  if (chars.length > 5) out += `.${chars.slice(5, 8)}`;
  if (chars.length > 8) out += `/${chars.slice(8, 12)}`;
  if (chars.length > 12) out += `-${chars.slice(12, 14)}`;
  return out;
}

export function formatCnpj(stored: string | null | undefined): string {
  return stored ? maskCnpj(stored) : '';
}
