// The server half of the relationship operations, by the same names: summaries and runtime schemas.
import { ConsentSchema, InteractionSchema, MessageTemplatesSchema, WhatsappSchema } from './relationship.schemas';

export const logInteraction = {
  summary: 'Registra uma interação com o contato (ligação, WhatsApp, e-mail, reunião).',
  body: InteractionSchema,
};
export const contactTimeline = {
  summary: 'O histórico do contato (interações, mensagens de WhatsApp, consentimentos) e o consentimento atual.',
};
export const setContactConsent = {
  summary: 'Registra o consentimento do contato para uma finalidade (serviço ou marketing).',
  body: ConsentSchema,
};
export const contactWhatsapp = {
  summary: 'Monta o link do WhatsApp (wa.me) com um modelo preenchido e registra a mensagem no histórico do contato.',
  body: WhatsappSchema,
};
export const messageTemplates = { summary: 'Os modelos de mensagem de WhatsApp da corretora.' };
export const setMessageTemplates = { summary: 'Substitui a lista de modelos de mensagem de WhatsApp.', body: MessageTemplatesSchema };
