import { BROKER_OPERATIONS as OPS, type BrokerProfileUpdateInput } from '@corretora/contracts';
import { callOperation, operationKey } from '@corretora/web-kit';
import { uploadOperation, type UploadProgress } from '@corretora/web-kit/uploads';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** The profile screen edits the same record as /broker, sending only its own fields. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BrokerProfileUpdateInput) => callOperation(OPS.updateProfile, { body: input }),
    onSuccess: (profile) => queryClient.setQueryData(operationKey(OPS.profile), profile),
  });
}

/** The profile photo, sent with its progress (`onProgress`) and cancelled by `signal`. */
export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, signal, onProgress }: { file: File; signal: AbortSignal; onProgress: (progress: UploadProgress) => void }) => {
      const body = new FormData();
      body.append(OPS.uploadPhoto.upload.field, file);
      return uploadOperation(OPS.uploadPhoto, { body }, { signal, onProgress });
    },
    onSuccess: (profile) => queryClient.setQueryData(operationKey(OPS.profile), profile),
  });
}
