import { PORTAL_OPERATIONS as OPS, type PortalSettingsInput } from '@corretora/contracts';
import { callOperation, invalidateOperations, useOperation } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** The brokerage's client portal: on or off, the channels, its address. */
export function usePortalSettings() {
  return useOperation(OPS.settings, {});
}

export function useSavePortalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PortalSettingsInput) => callOperation(OPS.saveSettings, { body }),
    onSuccess: () => invalidateOperations(queryClient, OPS.settings, OPS.access),
  });
}
