import {
  FINANCE_OPERATIONS,
  PIPELINE_OPERATIONS as OPS,
  type BodyInputOf,
  type CompletionBody,
  type ParticipantsInput,
  type PipelineCard,
} from '@corretora/contracts';
import { ApiError, callOperation, invalidateOperations, useOperation } from '@corretora/web-kit';
import { uploadOperation, type UploadProgress } from '@corretora/web-kit/uploads';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ARCHIVED_KEY, BOARD_KEY, invalidateFigures, replaceCard } from '../../../lib/board-cache';

type CreateBody = BodyInputOf<typeof OPS.createLead>;
/** What the new-lead form fills (a new prospect or, with contactId, a client in the book); the hook adds what the original client sent along. */
export type LeadBody = CreateBody extends infer Body ? (Body extends unknown ? Omit<Body, 'type' | 'email' | 'notes'> : never) : never;

/** Finance's screens that an issued or finalized card changes (policies, commissions, documents). */
function invalidateFinance(queryClient: QueryClient) {
  return invalidateOperations(
    queryClient,
    FINANCE_OPERATIONS.policies,
    FINANCE_OPERATIONS.policyPage,
    FINANCE_OPERATIONS.commissions,
    FINANCE_OPERATIONS.commissionsSummary,
    FINANCE_OPERATIONS.commissionPolicies,
    FINANCE_OPERATIONS.documents,
  );
}

export function useCreateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    // What the original client sent along with the form (kept so other clients of the API see the same body).
    mutationFn: (lead: LeadBody) =>
      callOperation(OPS.createLead, { body: 'name' in lead ? { ...lead, type: 'prospect', email: '', notes: '' } : lead }),
    onSuccess: (card) => {
      queryClient.setQueryData<PipelineCard[]>(BOARD_KEY, (cards) => (cards ? [card, ...cards] : cards));
      return invalidateFigures(queryClient);
    },
  });
}

export function useArchiveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => callOperation(OPS.archive, { params: { id }, body: { reason } }),
    onSuccess: (card) => {
      queryClient.setQueryData<PipelineCard[]>(BOARD_KEY, (cards) => cards?.filter((candidate) => candidate.id !== card.id));
      // The archive shows it at once (newest first), as the server answered it, before its list is read again.
      queryClient.setQueryData<PipelineCard[]>(ARCHIVED_KEY, (cards) =>
        cards ? [card, ...cards.filter((candidate) => candidate.id !== card.id)] : cards,
      );
      return Promise.all([queryClient.invalidateQueries({ queryKey: ARCHIVED_KEY, refetchType: 'all' }), invalidateFigures(queryClient)]);
    },
  });
}

export function useContact(id: number) {
  return useOperation(OPS.contact, { params: { id } });
}

export function useFinalize() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, sale }: { id: number; sale: CompletionBody }) => callOperation(OPS.confirmIssuance, { params: { id }, body: sale }),
    onSuccess: (card) => {
      replaceCard(queryClient, card);
      return Promise.all([invalidateFigures(queryClient), invalidateFinance(queryClient)]);
    },
  });
}

/**
 * The policy PDF of a finalized card (PDF only, 25 MB, checked by the server from the bytes), with
 * its progress; linked to the policy when it is issued.
 */
export function sendPolicyPdf(
  card: PipelineCard,
  file: File,
  options: { signal: AbortSignal; onProgress: (progress: UploadProgress) => void },
) {
  const body = new FormData();
  body.append('category', 'policies');
  body.append('contactId', String(card.contactId));
  body.append('cardId', String(card.id));
  body.append(FINANCE_OPERATIONS.attachPolicyPdf.upload.field, file);
  return uploadOperation(FINANCE_OPERATIONS.attachPolicyPdf, { body }, options);
}

/** What the finance screens list changes once a PDF is attached. */
export function useFinanceRefresh() {
  const queryClient = useQueryClient();
  return () => void invalidateFinance(queryClient);
}

/**
 * Issue, with the insurer's policy number when the broker has it (else the policy awaits it),
 * retried up to 3 times on a 5xx: issuing is idempotent on the server, so a retry never makes a
 * second policy.
 */
export function useConfirmIssuance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, policyNumber, participants }: { id: number; policyNumber: string | null; participants?: ParticipantsInput }) =>
      callOperation(OPS.confirmIssuance, { params: { id }, body: { policyNumber, ...(participants ? { participants } : {}) } }),
    retry: (failures, error) => failures < 3 && error instanceof ApiError && error.status >= 500,
    retryDelay: (attempt) => 500 * 2 ** attempt,
    onSuccess: (card) => {
      replaceCard(queryClient, card);
      return Promise.all([invalidateFigures(queryClient), invalidateFinance(queryClient)]);
    },
  });
}
