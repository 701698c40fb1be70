import type { BROKER_OPERATIONS as OPS } from '@corretora/contracts';
import { operationKey } from '@corretora/web-kit';
import { uploadOperation } from '@corretora/web-kit/uploads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImageInput, ImageUpload } from './use-image-choice';

/** An image sent by `op` (its multipart field), the answer written where `answer` is read: a photo or the logo. */
export function useImageUpload(
  op: typeof OPS.uploadPhoto | typeof OPS.uploadMemberPhoto | typeof OPS.uploadLogo,
  answer: typeof OPS.profile | typeof OPS.memberPhotoOf,
): ImageUpload {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, signal, onProgress }: ImageInput) => {
      const body = new FormData();
      body.append(op.upload.field, file);
      return uploadOperation(op, { body }, { signal, onProgress });
    },
    onSuccess: (saved) => queryClient.setQueryData(operationKey(answer), saved),
  });
}
