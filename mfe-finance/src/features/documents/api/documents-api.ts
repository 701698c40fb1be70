import { FINANCE_OPERATIONS as OPS, type DocumentCategory } from '@corretora/contracts';

/** What a document is linked to: a policy and/or a claim (its client follows on the server). */
export interface DocumentLinks {
  policyId: number | null;
  claimId: number | null;
}
import { callOperation, invalidateOperations, operationUrl, useOperation } from '@corretora/web-kit';
import { uploadOperation, type UploadProgress } from '@corretora/web-kit/uploads';
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

/** One document sent with its category and links, its progress reported, cancelled by the signal. */
export function sendDocument(
  file: File,
  fields: { category: DocumentCategory; links: DocumentLinks },
  options: { signal: AbortSignal; onProgress: (progress: UploadProgress) => void },
) {
  const body = new FormData();
  body.append('category', fields.category);
  if (fields.links.policyId !== null) body.append('policyId', String(fields.links.policyId));
  if (fields.links.claimId !== null) body.append('claimId', String(fields.links.claimId));
  body.append(OPS.uploadDocument.upload.field, file);
  return uploadOperation(OPS.uploadDocument, { body }, options);
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callOperation(OPS.removeDocument, { params: { id } }),
    onSuccess: () => invalidateOperations(queryClient, OPS.documents),
  });
}

export const documentDownloadUrl = (id: number) => operationUrl(OPS.downloadDocument, { params: { id } });
