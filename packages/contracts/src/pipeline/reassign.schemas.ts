import * as v from 'valibot';

/** At most this many clients change hands in one request (a page of Contatos is 25 to 100). */
export const REASSIGN_MAX = 100;
const REASSIGN_IDS = `Escolha de 1 a ${REASSIGN_MAX} clientes`;

/**
 * POST /api/contacts/reassign: clients chosen in Contatos given to another member at
 * once, each whole (cards, open tasks, policies), as the ficha's 'Mudar responsável' does one.
 */
export const ContactsReassignSchema = v.object({
  ids: v.pipe(
    v.array(v.pipe(v.number(REASSIGN_IDS), v.integer(REASSIGN_IDS), v.minValue(1, REASSIGN_IDS)), REASSIGN_IDS),
    v.minLength(1, REASSIGN_IDS),
    v.maxLength(REASSIGN_MAX, REASSIGN_IDS),
    v.transform((ids) => [...new Set(ids)]),
  ),
  responsibleId: v.pipe(v.string('Escolha um membro da equipe'), v.uuid('Escolha um membro da equipe')),
});
export type ContactsReassignInput = v.InferOutput<typeof ContactsReassignSchema>;
