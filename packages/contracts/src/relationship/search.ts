import * as v from 'valibot';
import type { LineKey } from '../vocabulary/lines';
import type { ClaimStatus } from '../vocabulary/finance-options';
import type { ContactKind } from '../vocabulary/pipeline-options';

/** The top bar's search: at least 2 characters, at most 20 results in all. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_LIMIT = 20;

const SHORT = `Digite ao menos ${SEARCH_MIN_LENGTH} caracteres para buscar`;

/** GET /api/search?q= (and finance's internal half). */
export const SearchQuerySchema = v.object({
  q: v.pipe(
    v.string(SHORT),
    v.trim(),
    v.minLength(SEARCH_MIN_LENGTH, SHORT),
    v.maxLength(SEARCH_MAX_LENGTH, `A busca aceita até ${SEARCH_MAX_LENGTH} caracteres`),
  ),
});
export type SearchQuery = v.InferOutput<typeof SearchQuerySchema>;

/**
 * Text as the search compares it: accents and case ignored (João, JOAO and joão are one). The
 * database keeps the same key of each contact (pipeline's `search_key`, over the same letters).
 */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A number as typed, separators aside: AP-2026/001 and ap2026001 are one key. */
export function numberKey(text: string): string {
  return searchKey(text)
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '');
}

export interface SearchClient {
  id: number;
  name: string;
  kind: ContactKind;
  /** CPF or CNPJ without its mask. */
  document: string | null;
  phone: string | null;
  email: string | null;
  /** A client (has or had a policy); else a prospect. */
  client: boolean;
  /** Erased under the LGPD but kept for a policy's retention (blocked): the day it goes (ISO), else null. */
  blockedUntil: string | null;
}

export interface SearchCard {
  id: number;
  contactId: number;
  contactName: string;
  stageName: string;
}

export interface SearchPolicy {
  id: number;
  policyNumber: string;
  proposalNumber: string | null;
  awaitingNumber: boolean;
  contactId: number | null;
  contactName: string;
  line: LineKey;
  status: 'active' | 'expired' | 'cancelled';
}

export interface SearchClaim {
  id: number;
  claimNumber: string;
  insurerClaimNumber: string | null;
  contactId: number;
  contactName: string;
  status: ClaimStatus;
}

/** What finance finds (GET /internal/finance/{userId}/search). */
export interface FinanceSearchResults {
  policies: SearchPolicy[];
  claims: SearchClaim[];
}

/** GET /api/search: each group best match first, at most SEARCH_LIMIT results in all. */
export interface SearchResults extends FinanceSearchResults {
  clients: SearchClient[];
  cards: SearchCard[];
  /** Finance did not answer: policies and claims are empty and the box says so. */
  unavailable: 'finance'[];
}

/**
 * Up to `limit` results from groups each sorted best first: one of each in turn, so a search that
 * finds many clients still shows the policy it also found.
 */
export function takeInTurn<T extends Record<string, unknown[]>>(groups: T, limit: number): T {
  const keys = Object.keys(groups) as (keyof T)[];
  const taken = Object.fromEntries(keys.map((key) => [key, 0])) as Record<keyof T, number>;
  let total = 0;
  for (let round = 0; total < limit; round += 1) {
    let any = false;
    for (const key of keys) {
      if (total >= limit) break;
      if (groups[key]!.length > round) {
        taken[key] += 1;
        total += 1;
        any = true;
      }
    }
    if (!any) break;
  }
  return Object.fromEntries(keys.map((key) => [key, groups[key]!.slice(0, taken[key])])) as T;
}
