import { FINANCE_OPERATIONS as OPS, choiceOf, type LineKey } from '@corretora/contracts';

/** The periods the commissions answer for, in months (the query's own choices). */
export const COMMISSION_MONTHS = ['6', '12', '24'] as const;
import { useOperation } from '@corretora/web-kit';

/** The commissions of one line (ramo) or all, over the next 6, 12 or 24 months. */
export function useCommissions(line: LineKey | 'all', months: number) {
  return useOperation(
    OPS.commissions,
    { query: { line, months: choiceOf(String(months), COMMISSION_MONTHS) ?? '12' } },
    { keepPrevious: true },
  );
}
