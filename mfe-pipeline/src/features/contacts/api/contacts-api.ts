import { PIPELINE_OPERATIONS as OPS, type BodyInputOf, type ContactKind, type ContactStatus } from '@corretora/contracts';
import { callOperation, operationUrl, useOperation } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateFigures } from '../../../lib/board-cache';

export interface ContactFilters {
  q: string;
  /** Pessoa física or jurídica. */
  kind: 'all' | ContactKind;
  /** Prospects or clients. */
  status: 'all' | ContactStatus;
  /** One member's clients ('' = every one the member sees). */
  responsibleId: string;
  page: number;
}

export const CONTACTS_PAGE_SIZE = 25;

/** The filters as the query takes them: blank search and 'all' are left out. */
function contactQuery(filters: Omit<ContactFilters, 'page'>) {
  return {
    q: filters.q.trim() || undefined,
    kind: filters.kind === 'all' ? undefined : filters.kind,
    status: filters.status === 'all' ? undefined : filters.status,
    responsibleId: filters.responsibleId || undefined,
  };
}

export function useContacts(filters: ContactFilters) {
  return useOperation(
    OPS.contacts,
    { query: { ...contactQuery(filters), page: String(filters.page), pageSize: String(CONTACTS_PAGE_SIZE) } },
    { keepPrevious: true },
  );
}

/** The export link for what the table shows (every page). */
export function contactsExportUrl(filters: Omit<ContactFilters, 'page'>): string {
  return operationUrl(OPS.exportContacts, { query: contactQuery(filters) });
}

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contact: BodyInputOf<typeof OPS.createContact>) => callOperation(OPS.createContact, { body: contact }),
    onSuccess: () => invalidateFigures(queryClient),
  });
}
