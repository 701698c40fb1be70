import { FINANCE_OPERATIONS as OPS, choiceOf, type LineKey } from '@corretora/contracts';
import { useOperation } from '@corretora/web-kit';

/** The periods the commissions answer for, in months (the query's own choices). */
export const COMMISSION_MONTHS = ['6', '12', '24'] as const;

/** Comissões › Apólices: rows a page holds. */
export const COMMISSION_PAGE_SIZE = 50;

/** The commissions' summary (cards, lines, projections) of one line (ramo) or all, over the next 6, 12 or 24 months. */
export function useCommissionsSummary(line: LineKey | 'all', months: number) {
  return useOperation(
    OPS.commissionsSummary,
    { query: { line, months: choiceOf(String(months), COMMISSION_MONTHS) ?? '12' } },
    { keepPrevious: true },
  );
}

/** A page of the commissions' policy rows of one line or all. */
export function useCommissionPolicies(line: LineKey | 'all', page: number) {
  return useOperation(
    OPS.commissionPolicies,
    { query: { line, page: String(page), pageSize: String(COMMISSION_PAGE_SIZE) } },
    { keepPrevious: true },
  );
}
