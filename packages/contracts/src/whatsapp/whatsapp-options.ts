/**
 * WhatsApp as the team's inbox (#62): the providers a brokerage chooses between, the 24-hour window,
 * the template categories Meta bills and the messages' states. Constants only (no valibot), so a
 * screen that shows a label carries no schema.
 */
import { MESSAGE_STATUSES, type WhatsappMessageStatus } from '../vocabulary/message-statuses';

/** wa.me links each member opens on their own phone (the default), or the brokerage's number on the Cloud API. */
export const WHATSAPP_PROVIDERS = [
  { value: 'wame', label: 'Links wa.me (cada um no seu celular)' },
  { value: 'cloud', label: 'WhatsApp Business Platform (Cloud API)' },
] as const;
export type WhatsappProviderKind = (typeof WHATSAPP_PROVIDERS)[number]['value'];

/** Free text may be sent only this long after the client's last message; after it, an approved template. */
export const WHATSAPP_WINDOW_HOURS = 24;
/** The Cloud API's limit of a text message's body. */
export const WHATSAPP_TEXT_MAX = 4096;

/**
 * What Meta bills a conversation as: a template's category opens one (utility, marketing,
 * authentication); a reply inside the window the client opened is service.
 */
export const CONVERSATION_CATEGORIES = [
  { value: 'service', label: 'Serviço' },
  { value: 'utility', label: 'Utilidade' },
  { value: 'marketing', label: 'Marketing' },
  { value: 'authentication', label: 'Autenticação' },
] as const;
export type ConversationCategory = (typeof CONVERSATION_CATEGORIES)[number]['value'];
export type TemplateCategory = Exclude<ConversationCategory, 'service'>;
export const CONVERSATION_CATEGORY_LABELS = Object.fromEntries(
  CONVERSATION_CATEGORIES.map((category) => [category.value, category.label]),
) as Record<ConversationCategory, string>;

/**
 * The estimate's rates per conversation when the brokerage set none: Meta's published prices for
 * Brazil converted to reais (approximations, for the estimate only: each brokerage sets its own).
 */
export const DEFAULT_CONVERSATION_RATES_CENTS: Record<ConversationCategory, number> = {
  service: 0,
  utility: 4,
  marketing: 35,
  authentication: 18,
};

/**
 * The product's own sends with no message template of the brokerage's (#62): outside the 24-hour
 * window each goes as the Meta template linked to it in Configurações › WhatsApp, its variables
 * filled by name ({{nome}}) or, for {{1}}…, in this order.
 */
export const WHATSAPP_AUTOMATIONS = [
  { value: 'comparativo', label: 'Comparativo de cotações', variables: ['nome', 'link', 'validade'] },
  {
    value: 'parcela_vencida',
    label: 'Parcela em atraso',
    variables: ['nome', 'numero_apolice', 'seguradora', 'parcela', 'valor', 'vencimento'],
  },
] as const;
export type WhatsappAutomation = (typeof WHATSAPP_AUTOMATIONS)[number]['value'];
export const WHATSAPP_AUTOMATION_VALUES = WHATSAPP_AUTOMATIONS.map((automation) => automation.value) as [
  WhatsappAutomation,
  ...WhatsappAutomation[],
];

export const MESSAGE_KINDS = ['text', 'image', 'document', 'audio', 'template'] as const;
export type WhatsappMessageKind = (typeof MESSAGE_KINDS)[number];

export { MESSAGE_STATUSES, type WhatsappMessageStatus } from '../vocabulary/message-statuses';

/** The order a status only moves forward in (a 'delivered' arriving after 'read' changes nothing). */
export const OUTBOUND_STATUS_RANK: Record<WhatsappMessageStatus, number> = {
  received: 0,
  sending: 1,
  sent: 2,
  delivered: 3,
  read: 4,
  failed: 5,
};

export const WHATSAPP_MESSAGES = {
  notConnected: 'O WhatsApp da corretora não está conectado à Cloud API: conecte-o em Configurações › WhatsApp.',
  windowClosed: 'Já passaram 24 horas da última mensagem do cliente: só um modelo aprovado pela Meta pode ser enviado agora.',
  textOrTemplate: 'Escreva a mensagem ou escolha um modelo.',
  documentWithTemplate: 'Envie o documento com um texto, não com um modelo.',
  templateNotFound: 'Modelo não encontrado: sincronize os modelos da Meta e escolha outro.',
  templateNotApproved: 'Este modelo ainda não foi aprovado pela Meta.',
  marketingWithoutConsent: 'O contato não autorizou mensagens de marketing: registre o consentimento antes de enviar.',
  contactBlocked:
    'Contato bloqueado por um pedido de eliminação (LGPD): os dados são mantidos só pela guarda da apólice e não podem ser usados para contato.',
  providerFailed: 'O WhatsApp não aceitou a mensagem agora. Tente novamente em instantes.',
  cloudNeedsCredentials: 'Para usar a Cloud API, informe o ID do número, o ID da conta do WhatsApp Business, o token e o segredo do app.',
  noKey: 'Este servidor não tem a chave que cifra as credenciais (INSURER_PASSWORD_KEY): a Cloud API não pode ser conectada aqui.',
} as const;

const STATUS_LABELS = Object.fromEntries(MESSAGE_STATUSES.map((status) => [status.value, status.label])) as Record<
  WhatsappMessageStatus,
  string
>;

/**
 * A WhatsApp entry of the timeline as the ficha says it: a template sent ('WhatsApp (Renovação,
 * entregue): …') or a conversation's message ('WhatsApp do cliente: …', 'WhatsApp enviado (lida): …').
 */
export function whatsappEntryText(
  entry:
    | { kind: 'whatsapp'; templateName: string; text: string; status?: WhatsappMessageStatus | null }
    | { kind: 'message'; direction: 'in' | 'out'; text: string; status: WhatsappMessageStatus | null },
): string {
  const status = entry.status && entry.status !== 'received' ? STATUS_LABELS[entry.status].toLowerCase() : null;
  if (entry.kind === 'whatsapp') return `WhatsApp (${[entry.templateName, status].filter(Boolean).join(', ')}): ${entry.text}`;
  if (entry.direction === 'in') return `WhatsApp do cliente: ${entry.text}`;
  return `WhatsApp enviado${status ? ` (${status})` : ''}: ${entry.text}`;
}
