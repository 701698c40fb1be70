import { PIPELINE_OPERATIONS as OPS, type BodyInputOf, type PipelineCard } from '@corretora/contracts';
import { callOperation, invalidateOperations } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BOARD_KEY, invalidateFigures } from './board-cache';

/** The edit forms' body (lead, finalize, contact): the contact's fields and the notes to add. */
export type ContactUpdateBody = BodyInputOf<typeof OPS.updateContact>;

/** The contact changed: the cards showing it and the lists holding it are refreshed. */
export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, contact }: { id: number; contact: ContactUpdateBody }) =>
      callOperation(OPS.updateContact, { params: { id }, body: contact }),
    onSuccess: (contact, { contact: body }) => {
      // The contact's identity reaches all of their cards; the sale fields only the card edited (each deal has its own).
      queryClient.setQueryData<PipelineCard[]>(BOARD_KEY, (cards) =>
        cards?.map((card) => {
          if (card.contactId !== contact.id) return card;
          if (card.id === body.cardId) return { ...card, contact };
          const { productId, leadSourceId, annualPremium } = card.contact;
          return { ...card, contact: { ...contact, productId, leadSourceId, annualPremium } };
        }),
      );
      return Promise.all([invalidateOperations(queryClient, OPS.contact), invalidateFigures(queryClient)]);
    },
  });
}
