import {
  DASHBOARD_STATS_RESOURCE,
  FINANCE_CACHE_KEY,
  type Claim,
  type ClaimStatus,
  type CommissionsResponse,
  type ContactPage,
  type DocumentCategory,
  type DocumentList,
  type Policy,
  type PolicyStatus,
  type PolicyType,
  type StoredDocument,
} from '@corretora/contracts';
import { apiRequest } from '@corretora/web-kit';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

const FINANCE = FINANCE_CACHE_KEY;
export const POLICIES_KEY = [...FINANCE, 'policies'] as const;
export const CLAIMS_KEY = [...FINANCE, 'claims'] as const;
export const COMMISSIONS_KEY = [...FINANCE, 'commissions'] as const;
export const DOCUMENTS_KEY = [...FINANCE, 'documents'] as const;

/** What a change of policies or claims moves elsewhere: the dashboard's figures and the commissions. */
function invalidateFigures(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: DASHBOARD_STATS_RESOURCE.key }),
    queryClient.invalidateQueries({ queryKey: COMMISSIONS_KEY }),
  ]);
}

export interface PolicyFilters {
  type: PolicyType | 'all';
  status: PolicyStatus | 'all';
  renewal: '' | '30' | '60' | '90';
}

export function usePolicies(filters: PolicyFilters) {
  const params = new URLSearchParams({ type: filters.type, status: filters.status });
  if (filters.renewal) params.set('renewal', filters.renewal);
  return useQuery({ queryKey: [...POLICIES_KEY, filters], queryFn: () => apiRequest<Policy[]>('GET', `/api/policies?${params}`), placeholderData: keepPreviousData });
}

export function useCancelPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<Policy>('POST', `/api/policies/${id}/cancel`),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: POLICIES_KEY }), invalidateFigures(queryClient)]),
  });
}

export function useClaims(status: ClaimStatus | 'all') {
  return useQuery({
    queryKey: [...CLAIMS_KEY, status],
    queryFn: () => apiRequest<{ items: Claim[]; activeCount: number }>('GET', `/api/claims?status=${status}`),
    placeholderData: keepPreviousData,
  });
}

/** The claim form's body: ids and the amount as the API takes them ('1500.00'). */
export interface ClaimBody {
  contactId: number;
  policyId: number | null;
  type: string;
  amount: string;
  description: string | null;
}

export function useSaveClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ClaimBody }) =>
      id === null ? apiRequest<Claim>('POST', '/api/claims', body) : apiRequest<Claim>('PATCH', `/api/claims/${id}`, body),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: CLAIMS_KEY }), invalidateFigures(queryClient)]),
  });
}

export function useClaimStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ClaimStatus }) => apiRequest<Claim>('POST', `/api/claims/${id}/status`, { status }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: CLAIMS_KEY }), invalidateFigures(queryClient)]),
  });
}

/** The broker's contacts matching a search (the claim form's client picker). */
export function useContactChoices(search: string) {
  return useQuery({
    queryKey: [...FINANCE, 'contact-choices', search],
    queryFn: () => apiRequest<ContactPage>('GET', `/api/contacts?${new URLSearchParams({ q: search, pageSize: '100' })}`),
    placeholderData: keepPreviousData,
  });
}

export function useCommissions(type: PolicyType | 'all', months: number) {
  return useQuery({
    queryKey: [...COMMISSIONS_KEY, type, months],
    queryFn: () => apiRequest<CommissionsResponse>('GET', `/api/commissions?type=${type}&months=${months}`),
    placeholderData: keepPreviousData,
  });
}

export function useDocuments() {
  return useQuery({ queryKey: DOCUMENTS_KEY, queryFn: () => apiRequest<DocumentList>('GET', '/api/documents') });
}

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, category }: { file: File; category: DocumentCategory }) => {
      const form = new FormData();
      form.append('category', category);
      form.append('file', file);
      return apiRequest<StoredDocument>('POST', '/api/documents/upload', form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
  });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', `/api/documents/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
  });
}

export const documentDownloadUrl = (id: number) => `/api/documents/${id}/download`;
