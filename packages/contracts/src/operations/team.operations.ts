import { phantom, type Operation } from '../vocabulary/operation';
import type { User } from '../types';
import { MANAGERS, RESPONSIBLE_UNKNOWN } from '../vocabulary/team-roles';
import type {
  AcceptInvitationSchema,
  AuditQuerySchema,
  ClientTransferSchema,
  DisableMemberSchema,
  InvitationSchema,
  MemberRoleSchema,
  ResponsibleTransferSchema,
  TransferCarteiraSchema,
} from '../team/team.schemas';
import type {
  ActiveMember,
  MemberName,
  AuditList,
  CarteiraTransfer,
  Invitation,
  InvitationList,
  InvitationPreview,
  ResponsibleTransferResult,
  TeamList,
} from '../team/team-types';

// Identity: the brokerage's team (members, roles, invitations). Each operation is a plain object of its own.

export const list = {
  id: 'team.list',
  method: 'GET',
  path: '/api/team',
  access: 'signed-in',
  answer: phantom as TeamList,
} as const satisfies Operation;
export const invite = {
  id: 'team.invite',
  method: 'POST',
  path: '/api/team/invitations',
  access: 'signed-in',
  roles: MANAGERS,
  status: 201,
  body: phantom as typeof InvitationSchema,
  answer: phantom as Invitation,
} as const satisfies Operation;
export const invitations = {
  id: 'team.invitations',
  method: 'GET',
  path: '/api/team/invitations',
  access: 'signed-in',
  roles: MANAGERS,
  answer: phantom as InvitationList,
} as const satisfies Operation;
export const revokeInvitation = {
  id: 'team.revokeInvitation',
  method: 'DELETE',
  path: '/api/team/invitations/:invitationId',
  access: 'signed-in',
  roles: MANAGERS,
  status: 204,
  notFound: 'Convite não encontrado.',
} as const satisfies Operation;
export const setRole = {
  id: 'team.setRole',
  method: 'PATCH',
  path: '/api/team/members/:memberId',
  access: 'signed-in',
  roles: MANAGERS,
  notFound: 'Membro não encontrado.',
  body: phantom as typeof MemberRoleSchema,
  answer: phantom as TeamList['members'][number],
} as const satisfies Operation;
export const disable = {
  id: 'team.disable',
  method: 'POST',
  path: '/api/team/members/:memberId/disable',
  access: 'signed-in',
  roles: MANAGERS,
  notFound: 'Membro não encontrado.',
  body: phantom as typeof DisableMemberSchema,
  answer: phantom as CarteiraTransfer,
} as const satisfies Operation;
export const transfer = {
  id: 'team.transfer',
  method: 'POST',
  path: '/api/team/members/:memberId/transfer',
  access: 'signed-in',
  roles: MANAGERS,
  notFound: 'Membro não encontrado.',
  body: phantom as typeof TransferCarteiraSchema,
  answer: phantom as CarteiraTransfer,
} as const satisfies Operation;
export const showInvitation = {
  id: 'invitation.show',
  method: 'GET',
  path: '/api/invitations/:token',
  access: 'public',
  notFound: 'Convite inválido ou expirado.',
  answer: phantom as InvitationPreview,
} as const satisfies Operation;
export const acceptInvitation = {
  id: 'invitation.accept',
  method: 'POST',
  path: '/api/invitations/:token/accept',
  access: 'public',
  status: 201,
  notFound: 'Convite inválido ou expirado.',
  body: phantom as typeof AcceptInvitationSchema,
  answer: phantom as User,
} as const satisfies Operation;

export const audit = {
  id: 'audit.list',
  method: 'GET',
  path: '/api/audit',
  access: 'signed-in',
  roles: MANAGERS,
  query: phantom as typeof AuditQuerySchema,
  answer: phantom as AuditList,
} as const satisfies Operation;
export const auditCsv = {
  id: 'audit.csv',
  method: 'GET',
  path: '/api/audit.csv',
  access: 'signed-in',
  roles: MANAGERS,
  query: phantom as typeof AuditQuerySchema,
  produces: 'text/csv',
} as const satisfies Operation;

/** Each service that keeps records with a responsible member moves them (a carteira's transfer, a member disabled). */
export const pipelineTransfer = {
  id: 'pipeline.transferResponsible',
  method: 'POST',
  path: '/internal/pipeline/:userId/responsible/transfer',
  access: 'internal',
  body: phantom as typeof ResponsibleTransferSchema,
  answer: phantom as ResponsibleTransferResult,
} as const satisfies Operation;
/** One client is given to another member (the ficha): finance moves the client's policies, renewals, claims and documents. */
export const financeClientTransfer = {
  id: 'finance.transferClient',
  method: 'POST',
  path: '/internal/finance/:userId/contacts/:contactId/responsible',
  access: 'internal',
  body: phantom as typeof ClientTransferSchema,
  answer: phantom as ResponsibleTransferResult,
} as const satisfies Operation;
export const financeTransfer = {
  id: 'finance.transferResponsible',
  method: 'POST',
  path: '/internal/finance/:userId/responsible/transfer',
  access: 'internal',
  body: phantom as typeof ResponsibleTransferSchema,
  answer: phantom as ResponsibleTransferResult,
} as const satisfies Operation;

/** Whether a member may be named responsible for a record: an active member of the brokerage (else 404). */
export const activeMember = {
  id: 'team.activeMember',
  method: 'GET',
  path: '/internal/team/:userId/members/:memberId',
  access: 'internal',
  notFound: RESPONSIBLE_UNKNOWN,
  answer: phantom as ActiveMember,
} as const satisfies Operation;
/** The brokerage's members by name, disabled ones too (a repasse statement names whom it paid). */
export const memberNames = {
  id: 'team.memberNames',
  method: 'GET',
  path: '/internal/team/:userId/members',
  access: 'internal',
  answer: phantom as { members: MemberName[] },
} as const satisfies Operation;
