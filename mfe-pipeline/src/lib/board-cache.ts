import { BROKER_OPERATIONS, PIPELINE_OPERATIONS as OPS, type PipelineCard } from '@corretora/contracts';
import { invalidateOperations, operationKey } from '@corretora/web-kit';
import type { QueryClient } from '@tanstack/react-query';

/** Where the board's and the archive's cards are cached (every feature edits them in place). */
export const BOARD_KEY = operationKey(OPS.board);
export const ARCHIVED_QUERY = { query: { archived: 'true' as const } };
export const ARCHIVED_KEY = operationKey(OPS.cards, ARCHIVED_QUERY);

/** The card in the board's cache replaced by the server's answer (the other cards keep their identity). */
export function replaceCard(queryClient: QueryClient, card: PipelineCard): void {
  queryClient.setQueryData<PipelineCard[]>(BOARD_KEY, (cards) => cards?.map((candidate) => (candidate.id === card.id ? card : candidate)));
}

/** Figures other screens show (dashboard, profile, contacts) follow every pipeline change. */
export function invalidateFigures(queryClient: QueryClient) {
  return invalidateOperations(queryClient, BROKER_OPERATIONS.dashboard, OPS.contacts);
}
