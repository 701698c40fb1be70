import { FINANCE_OPERATIONS as OPS, type LineKey } from '@corretora/contracts';
import { useOperation } from '@corretora/web-kit';

/** The commissions of one line (ramo) or all, over the next 6, 12 or 24 months. */
export function useCommissions(line: LineKey | 'all', months: number) {
  return useOperation(OPS.commissions, { query: { line, months: String(months) as '6' | '12' | '24' } }, { keepPrevious: true });
}
