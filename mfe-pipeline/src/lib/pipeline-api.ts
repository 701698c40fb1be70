import {
  DASHBOARD_STATS_RESOURCE,
  FINANCE_CACHE_KEY,
  type Contact,
  type ContactNote,
  type ContactPage,
  type PipelineCard,
  type StageKey,
  type StoredDocument,
} from '@corretora/contracts';
import { ApiError, apiRequest } from '@corretora/web-kit';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

export const BOARD_KEY = ['pipeline', 'board'] as const;
export const ARCHIVED_KEY = ['pipeline', 'archived'] as const;
export const CONTACTS_KEY = ['pipeline', 'contacts'] as const;
export const contactKey = (id: number) => ['pipeline', 'contact', id] as const;

export const boardQuery = queryOptions({ queryKey: BOARD_KEY, queryFn: () => apiRequest<PipelineCard[]>('GET', '/api/pipeline') });
export const archivedQuery = queryOptions({ queryKey: ARCHIVED_KEY, queryFn: () => apiRequest<PipelineCard[]>('GET', '/api/pipeline-cards?archived=true') });

export function useBoard() {
  return useQuery(boardQuery);
}

export function useArchived(enabled: boolean) {
  return useQuery({ ...archivedQuery, enabled });
}

/** The card in the board's cache replaced by the server's answer (the other cards keep their identity). */
function replaceCard(queryClient: QueryClient, card: PipelineCard): void {
  queryClient.setQueryData<PipelineCard[]>(BOARD_KEY, (cards) => cards?.map((candidate) => (candidate.id === card.id ? card : candidate)));
}

/** Figures other screens show (dashboard, profile, contacts) follow every pipeline change. */
function invalidateFigures(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: DASHBOARD_STATS_RESOURCE.key }),
    queryClient.invalidateQueries({ queryKey: CONTACTS_KEY }),
  ]);
}

export interface LeadWire {
  name: string;
  phone: string;
  cpf: string | null;
  leadSourceId: number;
  productId: number;
  stageId: number;
  stage: StageKey;
}

export function useCreateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    // What the original client sent along with the form (kept so other clients of the API see the same body).
    mutationFn: (lead: LeadWire) => apiRequest<PipelineCard>('POST', '/api/pipeline', { ...lead, type: 'prospect', email: '', annualPremium: null, notes: '' }),
    onSuccess: (card) => {
      queryClient.setQueryData<PipelineCard[]>(BOARD_KEY, (cards) => (cards ? [card, ...cards] : cards));
      return invalidateFigures(queryClient);
    },
  });
}

/**
 * A stage change, optimistic: the card moves at once and goes back (the caller toasts why) when the
 * server refuses. Only the moved card changes identity, so only it and its two columns re-render.
 */
export function useMoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ card, stage }: { card: PipelineCard; stage: StageKey }) => apiRequest<PipelineCard>('PATCH', `/api/pipeline/${card.id}`, { stage }),
    onMutate: async ({ card, stage }) => {
      await queryClient.cancelQueries({ queryKey: BOARD_KEY });
      replaceCard(queryClient, { ...card, stage, stageEnteredAt: new Date().toISOString() });
      return { previous: card };
    },
    onError: (_error, _variables, context) => {
      if (context) replaceCard(queryClient, context.previous);
    },
    onSuccess: (card) => {
      replaceCard(queryClient, card);
      return queryClient.invalidateQueries({ queryKey: DASHBOARD_STATS_RESOURCE.key });
    },
  });
}

export function useArchiveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => apiRequest<PipelineCard>('POST', `/api/pipeline-cards/${id}/archive`, { reason }),
    onSuccess: (card) => {
      queryClient.setQueryData<PipelineCard[]>(BOARD_KEY, (cards) => cards?.filter((candidate) => candidate.id !== card.id));
      return Promise.all([queryClient.invalidateQueries({ queryKey: ARCHIVED_KEY }), invalidateFigures(queryClient)]);
    },
  });
}

export function useRestoreCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<PipelineCard>('POST', `/api/pipeline-cards/${id}/unarchive`),
    onSuccess: (card) => {
      queryClient.setQueryData<PipelineCard[]>(ARCHIVED_KEY, (cards) => cards?.filter((candidate) => candidate.id !== card.id));
      return Promise.all([queryClient.invalidateQueries({ queryKey: BOARD_KEY }), invalidateFigures(queryClient)]);
    },
  });
}

export interface ContactWire {
  name: string;
  email: string | null;
  phone: string;
  cpf: string | null;
  productId?: number | null;
  leadSourceId?: number | null;
  annualPremium?: number | null;
  type?: Contact['type'];
  notes: string[];
}

/** The contact changed: the cards showing it and the lists holding it are refreshed. */
export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, contact }: { id: number; contact: ContactWire }) => apiRequest<Contact>('PATCH', `/api/contacts/${id}`, contact),
    onSuccess: (contact) => {
      queryClient.setQueryData<PipelineCard[]>(BOARD_KEY, (cards) => cards?.map((card) => (card.contactId === contact.id ? { ...card, contact } : card)));
      return Promise.all([queryClient.invalidateQueries({ queryKey: contactKey(contact.id) }), invalidateFigures(queryClient)]);
    },
  });
}

export function useContact(id: number) {
  return useQuery({ queryKey: contactKey(id), queryFn: () => apiRequest<Contact & { notes: ContactNote[] }>('GET', `/api/contacts/${id}`) });
}

export interface FinalizeWire {
  insurerId: number;
  startDate: string;
  endDate: string;
  premioLiquido: string;
  iof: string;
  juros: string | null;
  totalPremium: string;
  commissionPercentage: string | null;
  commissionAmount: string | null;
  documentType: string | null;
}

export function useFinalize() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, sale }: { id: number; sale: FinalizeWire }) => apiRequest<PipelineCard>('POST', `/api/pipeline-cards/${id}/confirm-issuance`, sale),
    onSuccess: (card) => {
      replaceCard(queryClient, card);
      return Promise.all([invalidateFigures(queryClient), queryClient.invalidateQueries({ queryKey: FINANCE_CACHE_KEY })]);
    },
  });
}

/** The policy PDF of a finalized card (PDF only, 25 MB, checked by the server from the bytes); linked to the policy when it is issued. */
export function useAttachPolicyPdf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ card, file }: { card: PipelineCard; file: File }) => {
      const form = new FormData();
      form.append('category', 'policies');
      form.append('contactId', String(card.contactId));
      form.append('cardId', String(card.id));
      form.append('file', file);
      return apiRequest<StoredDocument>('POST', '/api/documents', form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FINANCE_CACHE_KEY }),
  });
}

/** Issue (no body), retried up to 3 times on a 5xx: issuing is idempotent on the server, so a retry never makes a second policy. */
export function useConfirmIssuance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<PipelineCard>('POST', `/api/pipeline-cards/${id}/confirm-issuance`),
    retry: (failures, error) => failures < 3 && error instanceof ApiError && error.status >= 500,
    retryDelay: (attempt) => 500 * 2 ** attempt,
    onSuccess: (card) => {
      replaceCard(queryClient, card);
      return invalidateFigures(queryClient);
    },
  });
}

export interface ContactFilters {
  q: string;
  type: 'all' | Contact['type'];
  page: number;
}

export const CONTACTS_PAGE_SIZE = 25;

function contactParams(filters: Omit<ContactFilters, 'page'>): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.type !== 'all') params.set('type', filters.type);
  return params;
}

export function useContacts(filters: ContactFilters) {
  return useQuery({
    queryKey: [...CONTACTS_KEY, filters],
    queryFn: () => {
      const params = contactParams(filters);
      params.set('page', String(filters.page));
      params.set('pageSize', String(CONTACTS_PAGE_SIZE));
      return apiRequest<ContactPage>('GET', `/api/contacts?${params}`);
    },
    placeholderData: keepPreviousData,
  });
}

/** The export link for what the table shows (every page). */
export function contactsExportUrl(filters: Omit<ContactFilters, 'page'>): string {
  const params = contactParams(filters).toString();
  return `/api/contacts/export${params ? `?${params}` : ''}`;
}

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contact: Omit<ContactWire, 'notes'>) => apiRequest<Contact>('POST', '/api/contacts', contact),
    onSuccess: () => invalidateFigures(queryClient),
  });
}
