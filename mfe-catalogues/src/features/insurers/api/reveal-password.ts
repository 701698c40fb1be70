import { apiRequest } from '@corretora/web-kit';
import { useMutation } from '@tanstack/react-query';

/** Asks the server for one insurer's portal password; only when the broker clicks to see it. */
export function useRevealPassword() {
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ password: string | null }>('POST', `/api/insurers/${id}/reveal-password`),
  });
}
