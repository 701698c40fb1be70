import { FINANCE_OPERATIONS as OPS, type BodyInputOf, type StatementLine } from '@corretora/contracts';
import { callOperation, invalidateOperations, operationUrl, useOperation } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';

type ReceivablesQuery = { month: string; insurerId?: string };
type Outcome = { onSaved: () => void; onFailed: (error: unknown) => void };

/** A month's figures (every insurer, or one), without the instalments; the last answer stays while another month loads. */
export const useReceivablesSummary = (query: ReceivablesQuery) => useOperation(OPS.receivablesSummary, { query }, { keepPrevious: true });

/** How many instalments a page of an insurer's holds. */
export const RECEIVABLE_PAGE_SIZE = 50;

/** An insurer's (null: none) instalments of the month, a page at a time. */
export function useReceivableInstalments(month: string, insurerId: number | null, page: number) {
  const query = {
    month,
    insurerId: insurerId === null ? 'none' : String(insurerId),
    page: String(page),
    pageSize: String(RECEIVABLE_PAGE_SIZE),
  };
  return useOperation(OPS.receivableInstalments, { query }, { keepPrevious: true });
}
export const receivablesCsvUrl = (query: ReceivablesQuery) => operationUrl(OPS.receivablesCsv, { query });

/** After a statement, a match or new settings: the month and the policies' instalments again. */
export function useRefreshReceivables() {
  const queryClient = useQueryClient();
  return () => invalidateOperations(queryClient, OPS.receivables, OPS.receivablesSummary, OPS.receivableInstalments, OPS.policyInstalments);
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

/** A line nothing matched, paid by the broker to a policy's instalment; the policies it may pay (a search: a large book is not sent whole). */
export const useMatchablePolicies = (search: string) =>
  useOperation(OPS.policyPage, { query: { q: search.trim() || undefined, pageSize: '50' } }, { keepPrevious: true });
export function useMatchLine(lineId: number, { onSaved, onFailed }: Outcome) {
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof OPS.matchStatementLine>) =>
      callOperation(OPS.matchStatementLine, { params: { id: lineId }, body }),
    onSuccess: onSaved,
    onError: onFailed,
  });
}
