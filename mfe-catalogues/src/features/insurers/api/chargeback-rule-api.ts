import { CATALOGUE_OPERATIONS as OPS, type BodyInputOf } from '@corretora/contracts';
import { callOperation, invalidateOperations, useOperation } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** An insurer's chargeback scale. */
export const useChargebackRule = (insurerId: number) => useOperation(OPS.chargebackRule, { params: { id: insurerId } });

/** An insurer's chargeback scale saved; the scales reload after. */
export function useSaveChargebackRule(insurerId: number, handlers: { onSaved: () => void; onFailed: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof OPS.setChargebackRule>) =>
      callOperation(OPS.setChargebackRule, { params: { id: insurerId }, body }),
    onSuccess: async () => {
      await invalidateOperations(queryClient, OPS.chargebackRule);
      handlers.onSaved();
    },
    onError: handlers.onFailed,
  });
}
