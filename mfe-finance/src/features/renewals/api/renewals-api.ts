import { FINANCE_OPERATIONS as OPS, type BodyInputOf, type RenewalBucket } from '@corretora/contracts';
import { callOperation, invalidateOperations, operationUrl, useOperation } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** What a decision on a renewal sends: a quote, or its outcome (renovada, perdida). */
export type RenewalDecision =
  { kind: 'quote'; body: BodyInputOf<typeof OPS.renewalQuote> } | { kind: 'outcome'; body: BodyInputOf<typeof OPS.renewalOutcome> };

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

/** A quote or an outcome for one renewal; the renewals, the retention and the policies reload after it. */
export function useRenewalDecision(renewalId: number, handlers: { onSaved: () => void; onFailed: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: RenewalDecision): Promise<void> => {
      if (decision.kind === 'quote') await callOperation(OPS.renewalQuote, { params: { id: renewalId }, body: decision.body });
      else await callOperation(OPS.renewalOutcome, { params: { id: renewalId }, body: decision.body });
    },
    onSuccess: async () => {
      await invalidateOperations(queryClient, OPS.renewals, OPS.renewalReport, OPS.policies);
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
