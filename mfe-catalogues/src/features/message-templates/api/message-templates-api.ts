import { RELATIONSHIP_OPERATIONS as OPS, type BodyInputOf } from '@corretora/contracts';
import { callOperation, invalidateOperations, useOperation } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** The brokerage's WhatsApp templates. */
export const useMessageTemplates = () => useOperation(OPS.messageTemplates);

/** Every template saved at once (the list as it stands); the list reloads after. */
export function useSaveMessageTemplates(handlers: { onSaved: () => void; onFailed: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof OPS.setMessageTemplates>) => callOperation(OPS.setMessageTemplates, { body }),
    onSuccess: async () => {
      await invalidateOperations(queryClient, OPS.messageTemplates);
      handlers.onSaved();
    },
    onError: handlers.onFailed,
  });
}
