import { BROKER_OPERATIONS } from '@corretora/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation, QUERY_KEYS } from '@corretora/web-kit';

/**
 * 'Limpar Dados' (DELETE /api/clear-data): on success everything cached is refetched (as after any
 * write), inactive queries included, so no screen the broker opens next shows what was deleted. The
 * signed-in user is the same and is not asked again.
 */
export function useClearData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callOperation(BROKER_OPERATIONS.clearData),
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== QUERY_KEYS.currentUser[0], refetchType: 'all' }),
  });
}
