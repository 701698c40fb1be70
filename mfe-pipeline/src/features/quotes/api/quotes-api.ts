import {
  FINANCE_OPERATIONS as OPS,
  PIPELINE_OPERATIONS,
  RELATIONSHIP_OPERATIONS,
  type BodyInputOf,
  type InsuredItemInput,
  type LineKey,
} from '@corretora/contracts';
import { callOperation, invalidateOperations, useOperation } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadOperation } from '@corretora/web-kit/uploads';
import { replaceCard } from '../../../lib/board-cache';

export type QuoteChanges = BodyInputOf<typeof OPS.updateQuote>;

/** A deal's quotes, the cheapest first (the commission only for the roles that see money). */
export function useCardQuotes(cardId: number) {
  return useOperation(OPS.cardQuotes, { params: { id: cardId } });
}

export function useCreateQuote(cardId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof OPS.createCardQuote>) => callOperation(OPS.createCardQuote, { params: { id: cardId }, body }),
    onSuccess: () => invalidateOperations(queryClient, OPS.cardQuotes),
  });
}

export function useUpdateQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: QuoteChanges }) =>
      callOperation(OPS.updateQuote, { params: { id }, body: changes }),
    onSuccess: () => invalidateOperations(queryClient, OPS.cardQuotes),
  });
}

export function useRemoveQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callOperation(OPS.removeQuote, { params: { id } }),
    onSuccess: () => invalidateOperations(queryClient, OPS.cardQuotes),
  });
}

/** "Fechar com esta cotação": the card, now in Finalizado with the quote's figures, replaces the board's. */
export function useWinQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callOperation(OPS.winQuote, { params: { id }, body: {} }),
    onSuccess: (card) => {
      replaceCard(queryClient, card);
      return invalidateOperations(queryClient, OPS.cardQuotes, OPS.cardDisclosureStatus);
    },
  });
}

/** The CNSP 382 disclosure of a quote: the quote then says when it was sent; the client's documents and timeline change. */
export function useSendDisclosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: BodyInputOf<typeof OPS.sendDisclosure> }) =>
      callOperation(OPS.sendDisclosure, { params: { id }, body: input }),
    onSuccess: () =>
      invalidateOperations(queryClient, OPS.cardQuotes, OPS.cardDisclosureStatus, OPS.documents, RELATIONSHIP_OPERATIONS.contactTimeline),
  });
}

/** The deal's comparisons sent to the client. */
export function useCardComparisons(cardId: number) {
  return useOperation(OPS.cardComparisons, { params: { id: cardId } });
}

export function useCreateComparison(cardId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof OPS.createComparison>) => callOperation(OPS.createComparison, { params: { id: cardId }, body }),
    onSuccess: () => invalidateOperations(queryClient, OPS.cardComparisons, OPS.documents, RELATIONSHIP_OPERATIONS.contactTimeline),
  });
}

export function useRevokeComparison() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callOperation(OPS.revokeComparison, { params: { id } }),
    onSuccess: () => invalidateOperations(queryClient, OPS.cardComparisons),
  });
}

/** A sheet of quotes for the deal (CSV or XLSX, one a row): all made or none, each row's error said. */
export function useImportQuotes(cardId: number, line: LineKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('line', line);
      body.append(OPS.importCardQuotes.upload.field, file);
      return uploadOperation(OPS.importCardQuotes, { params: { id: cardId }, body });
    },
    onSuccess: () => invalidateOperations(queryClient, OPS.cardQuotes),
  });
}

/** What the deal insures: the card on the board gets it at once. */
export function useSaveInsuredItem(cardId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (insuredItem: InsuredItemInput | null) =>
      callOperation(PIPELINE_OPERATIONS.cardInsuredItem, { params: { id: cardId }, body: { insuredItem } }),
    onSuccess: (card) => replaceCard(queryClient, card),
  });
}
