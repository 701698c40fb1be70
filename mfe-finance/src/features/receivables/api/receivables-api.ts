import { FINANCE_OPERATIONS as OPS, type BodyInputOf, type StatementLine } from '@corretora/contracts';
import { callOperation, invalidateOperations, operationUrl, useOperation } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';

type ReceivablesQuery = { month: string; insurerId?: string };
type Outcome = { onSaved: () => void; onFailed: (error: unknown) => void };

/** A month's receivables (every insurer, or one); the last answer stays while another month loads. */
export const useReceivables = (query: ReceivablesQuery) => useOperation(OPS.receivables, { query }, { keepPrevious: true });
export const receivablesCsvUrl = (query: ReceivablesQuery) => operationUrl(OPS.receivablesCsv, { query });

/** After a statement, a match or new settings: the month and the policies' instalments again. */
export function useRefreshReceivables() {
  const queryClient = useQueryClient();
  return () => invalidateOperations(queryClient, OPS.receivables, OPS.policyInstalments);
}

/** A line the broker matched, back to the unidentified ones. */
export function useUnmatchLine({ onSaved, onFailed }: Outcome) {
  return useMutation({
    mutationFn: (line: StatementLine) =>
      callOperation(OPS.unmatchStatementLine, { params: { id: line.id }, body: { note: 'Conciliação desfeita pelo corretor' } }),
    onSuccess: onSaved,
    onError: onFailed,
  });
}

/** The reconciliation's tolerance and grace days, read and saved. */
export const useReceivableSettings = () => useOperation(OPS.receivableSettings);
export function useSaveReceivableSettings({ onSaved, onFailed }: Outcome) {
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof OPS.setReceivableSettings>) => callOperation(OPS.setReceivableSettings, { body }),
    onSuccess: onSaved,
    onError: onFailed,
  });
}

/** A line nothing matched, paid by the broker to a policy's instalment; the policies it may pay. */
export const useMatchablePolicies = () => useOperation(OPS.policies, { query: {} });
export function useMatchLine(lineId: number, { onSaved, onFailed }: Outcome) {
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof OPS.matchStatementLine>) =>
      callOperation(OPS.matchStatementLine, { params: { id: lineId }, body }),
    onSuccess: onSaved,
    onError: onFailed,
  });
}
