import { PIPELINE_OPERATIONS as OPS, type PipelineCard } from '@corretora/contracts';
import { callOperation, invalidateOperations } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ARCHIVED_KEY, invalidateFigures } from '../../../lib/board-cache';

export function useRestoreCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callOperation(OPS.unarchive, { params: { id } }),
    onSuccess: (card) => {
      queryClient.setQueryData<PipelineCard[]>(ARCHIVED_KEY, (cards) => cards?.filter((candidate) => candidate.id !== card.id));
      return Promise.all([invalidateOperations(queryClient, OPS.board), invalidateFigures(queryClient)]);
    },
  });
}
