import type { BrokerProfile, BrokerProfileInput } from '@corretora/contracts';
import { QUERY_KEYS, apiRequest } from '@corretora/web-kit';
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
      queryClient.setQueryData(QUERY_KEYS.brokerProfile, profile);
      return queryClient.invalidateQueries({ queryKey: QUERY_KEYS.dashboardStats });
    },
  });
}

export function useRestartOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<BrokerProfile>('POST', '/api/broker-profile/restart'),
    onSuccess: (profile) => queryClient.setQueryData(QUERY_KEYS.brokerProfile, profile),
  });
}
