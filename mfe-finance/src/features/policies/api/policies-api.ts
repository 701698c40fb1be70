import { FINANCE_OPERATIONS as OPS, type LineKey, type PolicyNumbersInput, type PolicyStatus } from '@corretora/contracts';
import { callOperation, invalidateOperations, useOperation } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { POLICY_LISTS, invalidateFigures } from '../../../lib/finance-figures';

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

/** Apólices' rows a page holds. */
export const POLICY_PAGE_SIZE = 50;

/** A page of the policy list, and how many it holds; not fetched while the page shows another tab (`enabled` false). */
export function usePolicyPage(filters: PolicyFilters, page: number, enabled = true) {
  return useOperation(
    OPS.policyPage,
    {
      query: {
        q: filters.q.trim() || undefined,
        line: filters.line,
        status: filters.status,
        renewal: filters.renewal || undefined,
        awaitingNumber: filters.awaiting ? 'true' : undefined,
        responsibleId: filters.responsibleId || undefined,
        page: String(page),
        pageSize: String(POLICY_PAGE_SIZE),
      },
    },
    { keepPrevious: true, enabled },
  );
}

export function useCancelPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callOperation(OPS.cancelPolicy, { params: { id } }),
    onSuccess: () => Promise.all([invalidateOperations(queryClient, ...POLICY_LISTS, OPS.policy), invalidateFigures(queryClient)]),
  });
}

/** PATCH /api/policies/{id}: the insurer's numbers; every list that names the policy reads it again. */
export function useUpdatePolicyNumbers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PolicyNumbersInput }) => callOperation(OPS.updatePolicy, { params: { id }, body }),
    onSuccess: () =>
      Promise.all([invalidateOperations(queryClient, ...POLICY_LISTS, OPS.policy, OPS.claims), invalidateFigures(queryClient)]),
  });
}
