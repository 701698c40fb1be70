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

/**
 * Whom a new record is for (Novo Lead, Novo Contato, Nova tarefa): a member's id, or '', null
 * or absent for the member creating it (null on the server).
 */
export const newRecordResponsible = v.optional(
  v.pipe(
    v.nullable(v.union([v.literal(''), v.pipe(v.string(), v.uuid('Escolha um membro da equipe'))], 'Escolha um membro da equipe')),
    v.transform((value) => value || null),
  ),
  '',
);
