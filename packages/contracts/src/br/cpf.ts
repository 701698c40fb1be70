import { cpf as cpfLibrary } from 'cpf-cnpj-validator';

/** Removes the separators a person types: dots, dashes and spaces. Letters stay (the XX format). */
export function normalizeCpf(value: string): string {
  return value.replace(/[.\-\s]/g, '').toUpperCase();
}

/**
 * A CPF is valid when its 11 digits pass the check-digit algorithm, or when it is the special
 * format of 9 digits followed by XX (used by brokers for customers whose check digits are unknown).
 * Nine repeated digits are rejected in both forms.
 */
export function isValidCpf(value: string): boolean {
  if (value.length > 14) return false;
  const cpf = normalizeCpf(value);
  if (cpf.length !== 11) return false;
  const special = /^(\d{9})XX$/.exec(cpf);
  if (special) return !/^(\d)\1{8}$/.test(special[1] ?? '');
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{8}/.test(cpf)) return false;
  return cpfLibrary.isValid(cpf);
}

/** Progressive mask while typing: 000.000.000-00 (the last two may be XX). */
export function maskCpf(value: string): string {
  let kept = '';
  for (const char of value.toUpperCase()) {
    if (kept.length === 11) break;
    if (/\d/.test(char) || (char === 'X' && kept.length >= 9)) kept += char;
  }
  let out = kept.slice(0, 3);
  if (kept.length > 3) out += `.${kept.slice(3, 6)}`;
  if (kept.length > 6) out += `.${kept.slice(6, 9)}`;
  if (kept.length > 9) out += `-${kept.slice(9, 11)}`;
  return out;
}

export function formatCpf(stored: string | null | undefined): string {
  if (!stored) return '';
  return maskCpf(stored);
}
