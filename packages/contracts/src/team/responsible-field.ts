import * as v from 'valibot';

/**
 * A record's responsible member, as owners and admins set it (PATCH of a contact or a policy). A
 * module of its own: the sign-in pages load fields.ts and never this.
 */
export const responsibleField = v.optional(v.pipe(v.string('Escolha um membro da equipe'), v.uuid('Escolha um membro da equipe')));

/** A list narrowed to one member's records (`?responsibleId=`; '' or absent: every one the member may see). */
export const responsibleFilter = v.optional(
  v.union([v.literal(''), v.pipe(v.string(), v.uuid('Responsável inválido'))], 'Responsável inválido'),
  '',
);
