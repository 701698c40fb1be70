import { BROKER_PROFILE_RESOURCE, DASHBOARD_STATS_RESOURCE } from '@corretora/contracts';
import type { BrokerProfile, BrokerProfileInput } from '@corretora/contracts';
import { apiRequest } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** The onboarding save (POST, isOnboardingComplete true) or the edit of a finished profile (PUT). */
export function useSaveBrokerProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, mode }: { input: BrokerProfileInput; mode: 'onboarding' | 'edit' }) =>
      mode === 'onboarding'
        ? apiRequest<BrokerProfile>('POST', '/api/broker-profile', { ...input, isOnboardingComplete: true })
        : apiRequest<BrokerProfile>('PUT', '/api/broker-profile', input),
    onSuccess: (profile) => {
      queryClient.setQueryData(BROKER_PROFILE_RESOURCE.key, profile);
      return queryClient.invalidateQueries({ queryKey: DASHBOARD_STATS_RESOURCE.key });
    },
  });
}

export function useRestartOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<BrokerProfile>('POST', '/api/broker-profile/restart'),
    onSuccess: (profile) => queryClient.setQueryData(BROKER_PROFILE_RESOURCE.key, profile),
  });
}
