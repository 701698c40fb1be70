import { BROKER_OPERATIONS as OPS, type BrokerProfileUpdateInput } from '@corretora/contracts';
import { callOperation, operationKey } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** The profile screen edits the same record as /broker, sending only its own fields. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BrokerProfileUpdateInput) => callOperation(OPS.updateProfile, { body: input }),
    onSuccess: (profile) => queryClient.setQueryData(operationKey(OPS.profile), profile),
  });
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append(OPS.uploadPhoto.upload.field, file);
      return callOperation(OPS.uploadPhoto, { body });
    },
    onSuccess: (profile) => queryClient.setQueryData(operationKey(OPS.profile), profile),
  });
}
