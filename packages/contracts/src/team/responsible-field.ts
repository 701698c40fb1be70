import * as v from 'valibot';

/**
 * A record's responsible member, as owners and admins set it (PATCH of a contact or a policy). A
 * module of its own: the sign-in pages load fields.ts and never this.
 */
export const responsibleField = v.optional(v.pipe(v.string('Escolha um membro da equipe'), v.uuid('Escolha um membro da equipe')));
