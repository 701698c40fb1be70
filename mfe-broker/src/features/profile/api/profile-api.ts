import {
  AUTH_OPERATIONS,
  BROKER_OPERATIONS as OPS,
  type BrokerProfileUpdateInput,
  type ChangePasswordInput,
  type MemberProfileInput,
} from '@corretora/contracts';
import { QUERY_KEYS, callOperation, operationKey } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useImageUpload as usePhotoUpload } from '../../../components/images/image-upload';
import type { ImageUpload } from '../../../components/images/use-image-choice';

/** The profile screen edits the same record as /broker, sending only its own fields. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BrokerProfileUpdateInput) => callOperation(OPS.updateProfile, { body: input }),
    onSuccess: (profile) => queryClient.setQueryData(operationKey(OPS.profile), profile),
  });
}

/** A photo being sent: the brokerage's or a member's. */
export type PhotoUpload = ImageUpload;

/** The brokerage's photo (its founder's Meu Perfil). */
export const useUploadPhoto = (): PhotoUpload => usePhotoUpload(OPS.uploadPhoto, OPS.profile);

/** A member's own photo. */
export const useUploadMemberPhoto = (): PhotoUpload => usePhotoUpload(OPS.uploadMemberPhoto, OPS.memberPhotoOf);

/** A member's own name, e-mail and mobile: the signed-in user everywhere shows them at once. */
export function useUpdateMemberProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MemberProfileInput) => callOperation(AUTH_OPERATIONS.updateProfile, { body: input }),
    onSuccess: (user) => queryClient.setQueryData(QUERY_KEYS.currentUser, user),
  });
}

/** A new password with the current one: the member's other sessions end, this one goes on. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => callOperation(AUTH_OPERATIONS.changePassword, { body: input }),
  });
}
