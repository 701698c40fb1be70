import * as v from 'valibot';
import { emailField, required, requiredChoice, requiredText } from '../fields';
import { newPassword } from '../vocabulary/password';
import { ROLES } from '../vocabulary/team-roles';

const role = requiredChoice(ROLES, 'Escolha o papel: proprietário, gestor, produtor ou assistente');
const memberId = required(v.pipe(v.string('Escolha um membro da equipe'), v.uuid('Escolha um membro da equipe')));

/** POST /api/team/invitations */
export const InvitationSchema = v.object({ email: emailField, role });

/** PATCH /api/team/members/{id} */
export const MemberRoleSchema = v.object({ role });

/** POST /api/team/members/{id}/disable: whose the disabled member's records become. */
export const DisableMemberSchema = v.object({ transferTo: memberId });

/** POST /api/team/members/{id}/transfer: the whole carteira to another member. */
export const TransferCarteiraSchema = v.object({ to: memberId });

/** POST /api/invitations/{token}/accept: the invitee's name and password. */
export const AcceptInvitationSchema = v.object({
  name: requiredText('Nome é obrigatório', 100),
  password: newPassword,
});

/** POST /internal/team/{userId}/transfer: what a service moves from one member to another. */
export const ResponsibleTransferSchema = v.object({ from: memberId, to: memberId });
/** The ficha's 'Mudar responsável': the member a client goes to (a choice is required). */
export const ResponsibleFormSchema = v.object({ responsibleId: memberId });
/** One client changes hands: everything of theirs goes to `to`. */
export const ClientTransferSchema = v.object({ to: memberId });

export type InvitationInput = v.InferOutput<typeof InvitationSchema>;
export type MemberRoleInput = v.InferOutput<typeof MemberRoleSchema>;
export type DisableMemberInput = v.InferOutput<typeof DisableMemberSchema>;
export type TransferCarteiraInput = v.InferOutput<typeof TransferCarteiraSchema>;
export type AcceptInvitationInput = v.InferOutput<typeof AcceptInvitationSchema>;
export type ResponsibleTransferInput = v.InferOutput<typeof ResponsibleTransferSchema>;
export type ClientTransferInput = v.InferOutput<typeof ClientTransferSchema>;

const uuidFilter = v.optional(v.union([v.literal(''), v.pipe(v.string(), v.uuid('Membro inválido'))], 'Membro inválido'), '');
const dayFilter = (message: string) => v.optional(v.union([v.literal(''), v.pipe(v.string(), v.isoDate(message))], message), '');

/** GET /api/audit: the log of the brokerage, narrowed to a record, a member or days (YYYY-MM-DD, São Paulo). */
export const AuditQuerySchema = v.object({
  entity: v.optional(v.pipe(v.string('Entidade inválida'), v.regex(/^[a-z_]{0,40}$/, 'Entidade inválida')), ''),
  entityId: v.optional(v.pipe(v.string('Registro inválido'), v.maxLength(40, 'Registro inválido')), ''),
  actorId: uuidFilter,
  from: dayFilter('Data inicial inválida: use AAAA-MM-DD'),
  to: dayFilter('Data final inválida: use AAAA-MM-DD'),
});
export type AuditQuery = v.InferOutput<typeof AuditQuerySchema>;
