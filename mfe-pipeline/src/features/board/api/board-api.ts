import { BROKER_OPERATIONS, PIPELINE_OPERATIONS as OPS, type PipelineCard, type StageKey } from '@corretora/contracts';
import { callOperation, invalidateOperations, operationQuery, useOperation } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ARCHIVED_QUERY, BOARD_KEY, replaceCard } from '../../../lib/board-cache';

export const boardQuery = operationQuery(OPS.board);

export function useBoard() {
  return useOperation(OPS.board);
}

export function useArchived(enabled: boolean) {
  return useOperation(OPS.cards, ARCHIVED_QUERY, { enabled });
}

/**
 * A stage change, optimistic: the card moves at once and goes back (the caller toasts why) when the
 * server refuses. Only the moved card changes identity, so only it and its two columns re-render.
 */
export function useMoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ card, stage }: { card: PipelineCard; stage: StageKey }) =>
      callOperation(OPS.move, { params: { id: card.id }, body: { stage } }),
    onMutate: async ({ card, stage }) => {
      await queryClient.cancelQueries({ queryKey: BOARD_KEY });
      replaceCard(queryClient, { ...card, stage, stageEnteredAt: new Date().toISOString() });
      return { previous: card };
    },
    onError: (_error, _variables, context) => {
      if (context) replaceCard(queryClient, context.previous);
    },
    onSuccess: (card) => {
      replaceCard(queryClient, card);
      return invalidateOperations(queryClient, BROKER_OPERATIONS.dashboard);
    },
  });
}
