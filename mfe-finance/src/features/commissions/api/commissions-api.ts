import { FINANCE_OPERATIONS as OPS, type PolicyType } from '@corretora/contracts';
import { useOperation } from '@corretora/web-kit';

export function useCommissions(type: PolicyType | 'all', months: number) {
  return useOperation(OPS.commissions, { query: { type, months: String(months) as '6' | '12' | '24' } }, { keepPrevious: true });
}
