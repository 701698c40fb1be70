import { FINANCE_OPERATIONS as OPS, type LineKey, type PolicyNumbersInput, type PolicyStatus } from '@corretora/contracts';
import { callOperation, invalidateOperations, useOperation } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateFigures } from '../../../lib/finance-figures';

export interface PolicyFilters {
  /** Either number or the client's name ('' : none). */
  q: string;
  /** The line (ramo). */
  line: LineKey | 'all';
  status: PolicyStatus | 'all';
  renewal: '' | '30' | '60' | '90';
  /** Only the policies awaiting the insurer's number. */
  awaiting: boolean;
  /** One member's policies ('' : every one the member sees). */
  responsibleId: string;
}

/** The policy list; not fetched while the page shows another tab (`enabled` false). */
export function usePolicies(filters: PolicyFilters, enabled = true) {
  return useOperation(
    OPS.policies,
    {
      query: {
        q: filters.q.trim() || undefined,
        line: filters.line,
        status: filters.status,
        renewal: filters.renewal || undefined,
        awaitingNumber: filters.awaiting ? 'true' : undefined,
        responsibleId: filters.responsibleId || undefined,
      },
    },
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

/** PATCH /api/policies/{id}: the insurer's numbers; every list that names the policy reads it again. */
export function useUpdatePolicyNumbers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PolicyNumbersInput }) => callOperation(OPS.updatePolicy, { params: { id }, body }),
    onSuccess: () => Promise.all([invalidateOperations(queryClient, OPS.policies, OPS.policy, OPS.claims), invalidateFigures(queryClient)]),
  });
}
