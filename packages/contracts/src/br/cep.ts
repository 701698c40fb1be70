export function normalizeCep(value: string): string {
  return value.replace(/\D/g, '');
}

export function isValidCep(value: string): boolean {
  return value.length <= 9 && /^\d{8}$/.test(normalizeCep(value)) && /^[\d\s.-]+$/.test(value);
}

/** Progressive mask 00000-000. */
export function maskCep(value: string): string {
  const digits = normalizeCep(value).slice(0, 8);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

/** An address as a CEP lookup answers it (GET /api/cep/{cep}). */
export interface CepAddress {
  /** 8 digits. */
  cep: string;
  street: string;
  district: string;
  city: string;
  /** Two letters, e.g. 'SP'. */
  uf: string;
}

export const CEP_MESSAGES = {
  invalid: 'CEP inválido. Use 8 dígitos, ex.: 01310-100',
  notFound: 'CEP não encontrado.',
  unavailable: 'Busca de CEP indisponível. Preencha o endereço.',
} as const;

export function formatCep(stored: string | null | undefined): string {
  return stored ? maskCep(stored) : '';
}
