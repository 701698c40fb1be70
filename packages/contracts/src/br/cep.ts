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

/** A contact's address as the API answers it: each part null when unknown. */
export interface PostalAddress {
  cep: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  city: string | null;
  uf: string | null;
}

/** 'Rua Augusta, 500, apto 12 – Consolação, São Paulo/SP, 01305-000'; '' when nothing is known. */
export function formatAddress(address: PostalAddress | null | undefined): string {
  if (!address) return '';
  const street = [address.street, address.number, address.complement].filter(Boolean).join(', ');
  const place = [address.city, address.uf].filter(Boolean).join('/');
  const rest = [address.district, place, formatCep(address.cep)].filter(Boolean).join(', ');
  return [street, rest].filter(Boolean).join(' – ');
}

/** Whether any part of the address is known. */
export function hasAddress(address: PostalAddress | null | undefined): boolean {
  return Boolean(address && Object.values(address).some((part) => part !== null && part !== ''));
}

/** An address with nothing known. */
export const EMPTY_ADDRESS: PostalAddress = {
  cep: null,
  street: null,
  number: null,
  complement: null,
  district: null,
  city: null,
  uf: null,
};
