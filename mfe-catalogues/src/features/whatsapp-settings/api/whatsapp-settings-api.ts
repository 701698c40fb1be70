import { WHATSAPP_OPERATIONS as OPS, type BodyInputOf } from '@corretora/contracts';
import { callOperation, invalidateOperations, useOperation } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** How the brokerage uses WhatsApp (owners and admins read and change it). */
export function useWhatsappSettings(enabled: boolean) {
  return useOperation(OPS.settings, {}, { enabled });
}

export function useSaveWhatsappSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof OPS.saveSettings>) => callOperation(OPS.saveSettings, { body }),
    onSuccess: () => invalidateOperations(queryClient, OPS.settings, OPS.templates),
  });
}
