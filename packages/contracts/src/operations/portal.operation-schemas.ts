// The server half of the portal's operations, by the same names: summaries and runtime schemas.
import { PhotoFieldsSchema } from '../broker/broker-profile.schemas';
import { PortalClientLookupSchema, PortalPrivacyFilingSchema, PortalTaskSchema } from '../portal/portal-internal.schemas';
import {
  PortalChangeRequestSchema,
  PortalClaimSchema,
  PortalCodeRequestSchema,
  PortalInviteSchema,
  PortalPrivacySchema,
  PortalSettingsSchema,
  PortalSignInSchema,
} from '../portal/portal.schemas';

export const page = { summary: 'O portal do cliente de uma corretora: nome, logotipo e canais do código (sem login).' };
export const logo = { summary: 'O logotipo da corretora nas páginas do portal do cliente.' };
export const requestCode = {
  summary: 'O cliente pede um código de 6 dígitos pelo CPF/CNPJ; a resposta é a mesma seja ele cliente ou não.',
  body: PortalCodeRequestSchema,
};
export const signIn = {
  summary: 'Entra no portal com o CPF/CNPJ e o código (10 minutos, 5 tentativas; depois uma pausa de 15 minutos).',
  body: PortalSignInSchema,
};
export const signOut = { summary: 'Sai do portal do cliente.' };
export const me = { summary: 'O cliente no portal: seus dados que a corretora guarda.' };
export const policies = { summary: 'As apólices do cliente, vigentes e vencidas.' };
export const policyDocuments = { summary: 'O PDF e os documentos de uma apólice do cliente.' };
export const download = { summary: 'Baixa um documento de uma apólice do cliente.' };
export const instalments = { summary: 'As parcelas do cliente, com vencimento e situação.' };
export const claims = { summary: 'Os sinistros do cliente e a situação de cada um.' };
export const reportClaim = {
  summary: 'Avisar sinistro: cria o sinistro em Aberto e a tarefa do responsável pelo cliente.',
  body: PortalClaimSchema,
};
export const claimPhoto = { summary: 'Uma foto do sinistro avisado pelo cliente (JPG, PNG ou PDF, até 10 MB).', upload: PhotoFieldsSchema };
export const requestChange = {
  summary: 'Pedir alteração (endereço, veículo, condutor, cancelamento): uma tarefa para o responsável pelo cliente.',
  body: PortalChangeRequestSchema,
};
export const privacyRequest = { summary: 'Um pedido LGPD do cliente, registrado sem a confirmação por e-mail.', body: PortalPrivacySchema };
export const settings = { summary: 'O portal do cliente da corretora: ligado ou não, canais e endereço.' };
export const saveSettings = {
  summary: 'Liga ou desliga o portal do cliente e escolhe os canais. Só o proprietário.',
  body: PortalSettingsSchema,
};
export const access = { summary: 'Acesso ao portal de um contato: último acesso e como enviar o link.' };
export const invite = { summary: 'Envia ao contato o link do portal, por e-mail ou pelo WhatsApp (wa.me).', body: PortalInviteSchema };
export const brokerageBySlug = { summary: 'A corretora de um endereço de portal.' };
export const brokerageSlug = { summary: 'O endereço público da corretora (o da página de privacidade).' };
export const client = { summary: 'O cliente da corretora com este CPF/CNPJ, para o portal.', body: PortalClientLookupSchema };
export const contactCard = { summary: 'Nome, documento e contatos de um contato, para o portal.' };
export const clientTask = {
  summary: 'O que o cliente fez no portal, como tarefa do responsável e na linha do tempo.',
  body: PortalTaskSchema,
};
export const clientPrivacy = { summary: 'Registra o pedido LGPD do cliente do portal.', body: PortalPrivacyFilingSchema };
