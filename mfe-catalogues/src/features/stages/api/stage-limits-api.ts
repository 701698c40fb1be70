import { CATALOGUE_OPERATIONS as OPS, type BodyInputOf } from '@corretora/contracts';
import { callOperation, invalidateOperations, useOperation } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** The brokerage's stages (with their idle limits), from its reference data. */
export const useStages = () => useOperation(OPS.referenceData);

/** The stages' idle limits saved; the reference data (which every screen reads) reloads after. */
export function useSaveStageLimits(handlers: { onSaved: () => void; onFailed: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof OPS.setStageIdleLimits>) => callOperation(OPS.setStageIdleLimits, { body }),
    onSuccess: async () => {
      await invalidateOperations(queryClient, OPS.referenceData);
      handlers.onSaved();
    },
    onError: handlers.onFailed,
  });
}
