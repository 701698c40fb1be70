import { FINANCE_OPERATIONS as OPS, PIPELINE_OPERATIONS, type BodyInputOf, type ClaimStatus } from '@corretora/contracts';
import { callOperation, invalidateOperations, useOperation } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateFigures } from '../../../lib/finance-figures';

export function useClaims(status: ClaimStatus | 'all') {
  return useOperation(OPS.claims, { query: { status } }, { keepPrevious: true });
}

/** The claim form's body, as the API takes it: ids, and the amount in reais ('1500.00'). */
export type ClaimBody = BodyInputOf<typeof OPS.createClaim>;

export function useSaveClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ClaimBody }) =>
      id === null ? callOperation(OPS.createClaim, { body }) : callOperation(OPS.updateClaim, { params: { id }, body }),
    onSuccess: () => Promise.all([invalidateOperations(queryClient, OPS.claims, OPS.claim), invalidateFigures(queryClient)]),
  });
}

export function useClaimStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ClaimStatus }) =>
      callOperation(OPS.changeClaimStatus, { params: { id }, body: { status } }),
    onSuccess: () => Promise.all([invalidateOperations(queryClient, OPS.claims, OPS.claim), invalidateFigures(queryClient)]),
  });
}

/** The broker's contacts matching a search (the claim form's client picker). */
export function useContactChoices(search: string) {
  return useOperation(PIPELINE_OPERATIONS.contacts, { query: { q: search, pageSize: '100' } }, { keepPrevious: true });
}

/** The broker's policies (the claim form's policy picker). */
export function usePolicyChoices() {
  return useOperation(OPS.policies, { query: { type: 'all', status: 'all' } }, { keepPrevious: true });
}
