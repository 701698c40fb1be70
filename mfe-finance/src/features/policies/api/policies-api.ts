import { FINANCE_OPERATIONS as OPS, type PolicyStatus, type PolicyType } from '@corretora/contracts';
import { callOperation, invalidateOperations, useOperation } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateFigures } from '../../../lib/finance-figures';

export interface PolicyFilters {
  type: PolicyType | 'all';
  status: PolicyStatus | 'all';
  renewal: '' | '30' | '60' | '90';
}

/** The policy list; not fetched while the page shows another tab (`enabled` false). */
export function usePolicies(filters: PolicyFilters, enabled = true) {
  return useOperation(
    OPS.policies,
    { query: { type: filters.type, status: filters.status, renewal: filters.renewal || undefined } },
    { keepPrevious: true, enabled },
  );
}

export function useCancelPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callOperation(OPS.cancelPolicy, { params: { id } }),
    onSuccess: () => Promise.all([invalidateOperations(queryClient, OPS.policies, OPS.policy), invalidateFigures(queryClient)]),
  });
}
