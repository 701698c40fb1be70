import { BROKER_OPERATIONS as OPS, type BodyInputOf } from '@corretora/contracts';
import { callOperation, operationKey, useOperation } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** The brokerage's CNSP 382 items I–III. */
export function useDisclosure() {
  return useOperation(OPS.disclosure);
}

export function useSaveDisclosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BodyInputOf<typeof OPS.saveDisclosure>) => callOperation(OPS.saveDisclosure, { body: input }),
    onSuccess: (saved) => queryClient.setQueryData(operationKey(OPS.disclosure), saved),
  });
}
