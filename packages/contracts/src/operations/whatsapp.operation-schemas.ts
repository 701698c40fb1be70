// The server half of WhatsApp's operations, by the same names: summaries and runtime schemas.
import {
  AssignConversationSchema,
  ConversationMessageSchema,
  ConversationsQuerySchema,
  WebhookVerifyQuerySchema,
  WhatsappAutomationSchema,
  WhatsappSettingsSchema,
  WhatsappUsageQuerySchema,
} from '../whatsapp/whatsapp.schemas';

export const settings = { summary: 'Como a corretora usa o WhatsApp: links wa.me ou o seu número na Cloud API (sem o token e o segredo).' };
export const saveSettings = {
  summary: 'Escolhe o provedor do WhatsApp e guarda, cifrados, o token e o segredo do app da Cloud API; e as tarifas da estimativa.',
  body: WhatsappSettingsSchema,
};
export const channel = { summary: 'Como a corretora envia pelo WhatsApp (links wa.me ou o número na Cloud API), para cada membro.' };
export const usage = {
  summary: 'As mensagens enviadas pelo WhatsApp no mês, por categoria da Meta, com a estimativa de custo pelas tarifas da corretora.',
  query: WhatsappUsageQuerySchema,
};
export const templates = { summary: 'Os modelos de mensagem aprovados pela Meta, sincronizados da Cloud API, com a categoria de cada um.' };
export const verifyWebhook = {
  summary: 'A verificação da assinatura do webhook pela Meta (hub.challenge).',
  query: WebhookVerifyQuerySchema,
};
export const webhook = {
  summary: 'Mensagens e situações de entrega vindas da Meta (assinatura X-Hub-Signature-256 conferida; sem ela, 401 e nada é guardado).',
};
export const conversations = {
  summary: 'As conversas de WhatsApp, não lidas primeiro e depois pela última mensagem; cada produtor vê as dos seus clientes.',
  query: ConversationsQuerySchema,
};
export const messages = { summary: 'As mensagens de uma conversa, com a janela de 24 horas e o consentimento de marketing do cliente.' };
export const media = { summary: 'O arquivo de uma mensagem do cliente (imagem, documento, áudio), guardado quando chegou pela Meta.' };
export const send = {
  summary: 'Responde: texto dentro da janela de 24 horas; fora dela, só um modelo aprovado (marketing só com consentimento).',
  body: ConversationMessageSchema,
};
export const assign = { summary: 'Passa a conversa para outro membro da equipe.', body: AssignConversationSchema };
export const markRead = { summary: 'Marca a conversa como lida.' };
export const automation = {
  summary: 'Um envio do próprio sistema (comparativo, parcela em atraso) pelo número da corretora, ou o link wa.me quando não dá.',
  body: WhatsappAutomationSchema,
};
