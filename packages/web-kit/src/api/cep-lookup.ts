import { CATALOGUE_OPERATIONS, CEP_MESSAGES, isValidCep, normalizeCep, type CepAddress } from '@corretora/contracts';
import { ApiError } from './api-client';
import { useOperation } from './operations';

export interface CepLookup {
  /** The address the CEP gives, once found. */
  address: CepAddress | null;
  /** What to say under the CEP: found, not found, the lookup unavailable (the form stays editable), or nothing yet. */
  hint: string | undefined;
}

/**
 * The address of a CEP as typed, asked of our own API (the server asks the CEP service; the browser
 * never leaves our origin). Asked once a whole CEP is typed; each CEP's answer is kept for the visit.
 */
export function useCepLookup(typed: string | null | undefined): CepLookup {
  const cep = typed && isValidCep(typed) ? normalizeCep(typed) : null;
  const lookup = useOperation(
    CATALOGUE_OPERATIONS.cepLookup,
    { params: { cep: cep ?? '00000000' } },
    { enabled: cep !== null, staleTime: Infinity },
  );
  if (cep === null) return { address: null, hint: undefined };
  if (lookup.data) return { address: lookup.data, hint: 'Endereço preenchido pelo CEP: confira o número.' };
  if (lookup.error instanceof ApiError && lookup.error.status === 404) return { address: null, hint: CEP_MESSAGES.notFound };
  if (lookup.error) return { address: null, hint: CEP_MESSAGES.unavailable };
  return { address: null, hint: lookup.isFetching ? 'Buscando o endereço…' : undefined };
}
