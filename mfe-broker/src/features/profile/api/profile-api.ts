import { BROKER_PROFILE_RESOURCE } from '@corretora/contracts';
import type { BrokerProfile, BrokerProfileUpdateInput } from '@corretora/contracts';
import { apiRequest } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** The profile screen edits the same record as /broker, sending only its own fields. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BrokerProfileUpdateInput) => apiRequest<BrokerProfile>('PUT', '/api/broker-profile', input),
    onSuccess: (profile) => queryClient.setQueryData(BROKER_PROFILE_RESOURCE.key, profile),
  });
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('photo', file);
      return apiRequest<BrokerProfile>('POST', '/api/broker-profile/photo', body);
    },
    onSuccess: (profile) => queryClient.setQueryData(BROKER_PROFILE_RESOURCE.key, profile),
  });
}
