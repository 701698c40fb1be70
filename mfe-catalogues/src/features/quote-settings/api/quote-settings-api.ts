import { FINANCE_OPERATIONS as OPS } from '@corretora/contracts';
import { callOperation, invalidateOperations, useOperation } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** The brokerage's quoting rules (whether the CNSP 382 disclosure is required before closing). */
export function useQuoteSettings() {
  return useOperation(OPS.quoteSettings, {});
}

export function useSetQuoteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (disclosureRequired: boolean) => callOperation(OPS.setQuoteSettings, { body: { disclosureRequired } }),
    onSuccess: () => invalidateOperations(queryClient, OPS.quoteSettings, OPS.cardDisclosureStatus),
  });
}
