import { FINANCE_OPERATIONS as OPS, type BodyInputOf, type RenewalBucket } from '@corretora/contracts';
import { callOperation, invalidateOperations, operationUrl, useOperation } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { POLICY_LISTS } from '../../../lib/finance-figures';

/** One page of the renewals of a bucket (or all), for one member or everyone the member sees; the last page stays while the next loads. */
export function useRenewals(filter: { page: number; bucket: RenewalBucket | 'all'; responsibleId: string }) {
  const { page, bucket, responsibleId } = filter;
  return useOperation(
    OPS.renewals,
    { query: { page: String(page), ...(bucket === 'all' ? {} : { bucket }), ...(responsibleId ? { responsibleId } : {}) } },
    { keepPrevious: true },
  );
}

/** Retention by month and insurer, and its CSV. */
export const useRenewalReport = () => useOperation(OPS.renewalReport, { query: {} });
export const renewalReportCsvUrl = () => operationUrl(OPS.renewalReportCsv, { query: {} });

/** The outcome of one renewal (renovada, perdida); the renewals, the retention and the policies reload after it. */
export function useRenewalDecision(renewalId: number, handlers: { onSaved: () => void; onFailed: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof OPS.renewalOutcome>) => callOperation(OPS.renewalOutcome, { params: { id: renewalId }, body }),
    onSuccess: async () => {
      await invalidateOperations(queryClient, OPS.renewals, OPS.renewalReport, ...POLICY_LISTS);
      handlers.onSaved();
    },
    onError: handlers.onFailed,
  });
}

/** A renewal's next action; the renewals reload after it. */
export function useRenewalNextAction(renewalId: number, handlers: { onSaved: () => void; onFailed: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof OPS.renewalNextAction>) =>
      callOperation(OPS.renewalNextAction, { params: { id: renewalId }, body }),
    onSuccess: async () => {
      await invalidateOperations(queryClient, OPS.renewals);
      handlers.onSaved();
    },
    onError: handlers.onFailed,
  });
}

/** A renewal's quote in the deal's shape (the kit's quote form); the renewals and the retention reload after it. */
export function useAddRenewalQuote(renewalId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof OPS.renewalQuote>) => callOperation(OPS.renewalQuote, { params: { id: renewalId }, body }),
    onSuccess: () => invalidateOperations(queryClient, OPS.renewals, OPS.renewalReport),
  });
}
