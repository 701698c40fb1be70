import { FINANCE_OPERATIONS as OPS, type DocumentCategory } from '@corretora/contracts';
import { callOperation, invalidateOperations, operationUrl, useOperation } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function useDocuments() {
  return useOperation(OPS.documents);
}

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, category }: { file: File; category: DocumentCategory }) => {
      const body = new FormData();
      body.append('category', category);
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
