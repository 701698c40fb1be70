// The server half of the team operations, by the same names: each one's summary and runtime schemas.
import {
  AcceptInvitationSchema,
  ClientTransferSchema,
  AuditQuerySchema,
  DisableMemberSchema,
  InvitationSchema,
  MemberRoleSchema,
  ResponsibleTransferSchema,
  TransferCarteiraSchema,
} from '../team/team.schemas';

export const list = { summary: 'Os membros da corretora e os convites pendentes.' };
export const invite = {
  summary: 'Convida por e-mail, com um papel (proprietário e gestor; só um proprietário convida um proprietário).',
  body: InvitationSchema,
};
export const invitations = { summary: 'Os convites ainda não aceitos.' };
export const revokeInvitation = { summary: 'Cancela um convite.' };
export const setRole = { summary: 'Muda o papel de um membro (sempre resta um proprietário ativo).', body: MemberRoleSchema };
export const disable = {
  summary: 'Desativa um membro: as sessões dele terminam e a carteira passa ao membro indicado.',
  body: DisableMemberSchema,
};
export const transfer = { summary: 'Passa toda a carteira de um membro a outro.', body: TransferCarteiraSchema };
export const showInvitation = { summary: 'O convite (público): corretora, papel e e-mail.' };
export const acceptInvitation = { summary: 'Aceita o convite com nome e senha e inicia a sessão.', body: AcceptInvitationSchema };
export const audit = {
  summary: 'O registro de auditoria: quem fez o quê, quando e de onde (os 500 mais recentes).',
  query: AuditQuerySchema,
};
export const auditCsv = { summary: 'O registro de auditoria em CSV (Excel pt-BR).', query: AuditQuerySchema };
export const pipelineTransfer = { summary: 'Passa os contatos, cards e tarefas de um membro a outro.', body: ResponsibleTransferSchema };
export const financeTransfer = {
  summary: 'Passa as apólices, sinistros e documentos de um membro a outro.',
  body: ResponsibleTransferSchema,
};
export const financeClientTransfer = {
  summary: 'Passa as apólices, renovações, sinistros e documentos de um cliente a outro membro.',
  body: ClientTransferSchema,
};
export const activeMember = { summary: 'O membro ativo da corretora a quem um registro pode ser atribuído.' };
export const memberNames = { summary: 'Os membros da corretora (também os desativados), com nome e papel.' };
