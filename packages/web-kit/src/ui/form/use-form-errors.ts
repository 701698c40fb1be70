import { useCallback } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
// By name, not by path: ApiError must be the shared kit's class for instanceof to hold.
import { apiErrorMessage, applyFieldErrors } from '@corretora/web-kit';
import { useNotify } from '../notify';

/**
 * What a form does with a failed request: the server's field issues go under their fields, and the
 * toast says what happened (`title`, with the server's message or `fallback`).
 */
export function useFormErrors<F extends FieldValues>(setError: UseFormSetError<F>) {
  const notify = useNotify();
  return useCallback(
    (error: unknown, title: string, fallback = '') => {
      applyFieldErrors(error, setError);
      notify.error(title, apiErrorMessage(error, fallback));
    },
    [notify, setError],
  );
}
