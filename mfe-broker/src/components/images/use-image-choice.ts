import { apiErrorMessage } from '@corretora/web-kit';
import { useNotify } from '@corretora/web-kit/ui';
import { UploadCancelled, type UploadProgress } from '@corretora/web-kit/uploads';
import type { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';

export interface ImageInput {
  file: File;
  signal: AbortSignal;
  onProgress: (progress: UploadProgress) => void;
}

/** An image being sent, with its progress (`onProgress`), cancelled by `signal`. */
export type ImageUpload = ReturnType<typeof useMutation<unknown, Error, ImageInput>>;

const ACCEPTED = ['image/jpeg', 'image/png'];

/**
 * A JPG or PNG picked in a hidden file input and sent by `upload`: a quick check of type and size
 * before sending (the server checks the bytes themselves), the progress while it goes, the server's
 * pt-BR reason when it is refused.
 */
export function useImageChoice(upload: ImageUpload, words: { maxBytes: number; refused: string; failed: string; saved: string }) {
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState<{ percent: number; controller: AbortController } | null>(null);

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!ACCEPTED.includes(file.type) || file.size > words.maxBytes) {
      setError(words.refused);
      return;
    }
    setError(null);
    const controller = new AbortController();
    setSending({ percent: 0, controller });
    const onProgress = ({ sent, total }: UploadProgress) =>
      setSending({ percent: total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 0, controller });
    upload.mutate(
      { file, signal: controller.signal, onProgress },
      {
        onSuccess: () => notify.success(words.saved),
        onError: (failure) => {
          if (!(failure instanceof UploadCancelled)) setError(apiErrorMessage(failure, words.failed));
        },
        onSettled: () => setSending(null),
      },
    );
  };

  /** The hidden input's props: opened by `open()`, emptied after each pick so the same file can be sent again. */
  const inputProps = {
    ref: input,
    type: 'file' as const,
    accept: 'image/jpeg,image/png',
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      choose(event.target.files?.[0]);
      event.target.value = '';
    },
  };
  return { inputProps, open: () => input.current?.click(), error, setError, sending };
}
