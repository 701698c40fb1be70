import { FINANCE_OPERATIONS as OPS, type DocumentCategory } from '@corretora/contracts';

/** What a document is linked to: a policy and/or a claim (its client follows on the server). */
export interface DocumentLinks {
  policyId: number | null;
  claimId: number | null;
}
import { callOperation, invalidateOperations, operationUrl, useOperation } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** The documents, all of them or those linked to one policy or claim. */
export function useDocuments(filter: DocumentLinks = { policyId: null, claimId: null }) {
  const query = {
    ...(filter.policyId === null ? {} : { policyId: String(filter.policyId) }),
    ...(filter.claimId === null ? {} : { claimId: String(filter.claimId) }),
  };
  // Unfiltered, the list keeps the key every other screen caches it under.
  return useOperation(OPS.documents, Object.keys(query).length > 0 ? { query } : undefined);
}

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, category, links }: { file: File; category: DocumentCategory; links: DocumentLinks }) => {
      const body = new FormData();
      body.append('category', category);
      if (links.policyId !== null) body.append('policyId', String(links.policyId));
      if (links.claimId !== null) body.append('claimId', String(links.claimId));
      body.append(OPS.uploadDocument.upload.field, file);
      return callOperation(OPS.uploadDocument, { body });
    },
    onSuccess: () => invalidateOperations(queryClient, OPS.documents),
  });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callOperation(OPS.removeDocument, { params: { id } }),
    onSuccess: () => invalidateOperations(queryClient, OPS.documents),
  });
}

export const documentDownloadUrl = (id: number) => operationUrl(OPS.downloadDocument, { params: { id } });
