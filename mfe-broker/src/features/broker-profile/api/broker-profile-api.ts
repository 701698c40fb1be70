import { BROKER_OPERATIONS as OPS, type BrokerProfileInput } from '@corretora/contracts';
import { callOperation, invalidateOperations, operationKey } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useImageUpload } from '../../../components/images/image-upload';
import type { ImageUpload } from '../../../components/images/use-image-choice';

/** The onboarding save (POST, isOnboardingComplete true) or the edit of a finished profile (PUT). */
export function useSaveBrokerProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, mode }: { input: BrokerProfileInput; mode: 'onboarding' | 'edit' }) =>
      mode === 'onboarding'
        ? callOperation(OPS.saveProfile, { body: { ...input, isOnboardingComplete: true } })
        : callOperation(OPS.updateProfile, { body: input }),
    onSuccess: (profile) => {
      queryClient.setQueryData(operationKey(OPS.profile), profile);
      return invalidateOperations(queryClient, OPS.dashboard);
    },
  });
}

export function useRestartOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callOperation(OPS.restartOnboarding),
    onSuccess: (profile) => queryClient.setQueryData(operationKey(OPS.profile), profile),
  });
}

/** The brokerage's logo sent (the profile answers with its new `logoUrl`). */
export const useUploadLogo = (): ImageUpload => useImageUpload(OPS.uploadLogo, OPS.profile);

export function useRemoveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callOperation(OPS.removeLogo),
    onSuccess: (profile) => queryClient.setQueryData(operationKey(OPS.profile), profile),
  });
}
