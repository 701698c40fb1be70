import * as v from 'valibot';
import { bodyId, isId, optionalWireMoney, wireMonth } from '../wire-fields';
import { optionalQueryId } from '../vocabulary/query-fields';
import {
  CONVERSATION_CATEGORIES,
  WHATSAPP_AUTOMATION_VALUES,
  WHATSAPP_PROVIDERS,
  WHATSAPP_MESSAGES,
  WHATSAPP_TEXT_MAX,
  type ConversationCategory,
} from './whatsapp-options';

const PROVIDER_VALUES = WHATSAPP_PROVIDERS.map((provider) => provider.value) as ['wame', 'cloud'];
const RATE_MAX_CENTS = 100_000;
const rate = optionalWireMoney('A tarifa não pode ser negativa', RATE_MAX_CENTS);

/**
 * PUT /api/whatsapp/settings: the provider and, for the Cloud API, the number's id, the token and
 * the app's secret (each kept when absent: the answer never gives them back), and the estimate's
 * rate per conversation category in reais ('0.35').
 */
export const WhatsappSettingsSchema = v.object({
  provider: v.picklist(PROVIDER_VALUES, 'Escolha como a corretora usa o WhatsApp'),
  phoneNumberId: v.optional(
    v.nullable(v.pipe(v.string('ID do número inválido'), v.trim(), v.regex(/^\d{5,30}$/, 'O ID do número tem só dígitos (5 a 30)'))),
  ),
  /** The WhatsApp Business Account the number belongs to: its templates are listed there. */
  businessAccountId: v.optional(
    v.nullable(
      v.pipe(
        v.string('ID da conta inválido'),
        v.trim(),
        v.regex(/^\d{5,30}$/, 'O ID da conta do WhatsApp Business tem só dígitos (5 a 30)'),
      ),
    ),
  ),
  token: v.optional(
    v.pipe(
      v.string('Token inválido'),
      v.trim(),
      v.regex(/^[\w.|-]{20,1000}$/, 'Token inválido: cole o token de acesso do app da Meta, sem espaços'),
    ),
  ),
  appSecret: v.optional(
    v.pipe(
      v.string('Segredo do app inválido'),
      v.trim(),
      v.regex(/^[A-Za-z0-9]{16,128}$/, 'Segredo do app inválido: letras e dígitos, 16 a 128'),
    ),
  ),
  /**
   * Which approved Meta template carries each of the brokerage's message templates outside the 24-hour
   * window: a message template's id (as text), or an automation's name (WHATSAPP_AUTOMATIONS) → a
   * synced template's id, or null for none.
   */
  templateLinks: v.optional(
    v.pipe(
      v.record(
        v.pipe(
          v.string(),
          v.check(
            (key) => (WHATSAPP_AUTOMATION_VALUES as readonly string[]).includes(key) || (/^[1-9]\d{0,9}$/.test(key) && isId(Number(key))),
            'Modelo de mensagem inválido',
          ),
        ),
        v.nullable(bodyId('Modelo da Meta inválido')),
      ),
      v.check((links) => Object.keys(links).length <= 100, 'No máximo 100 modelos ligados'),
    ),
  ),
  /** Assistants see only the conversations passed to them (unset: as it was). */
  assistantsOwnOnly: v.optional(v.boolean('Escolha sim ou não')),
  rates: v.optional(
    v.object(
      Object.fromEntries(CONVERSATION_CATEGORIES.map((category) => [category.value, rate])) as Record<ConversationCategory, typeof rate>,
    ),
  ),
});
export type WhatsappSettingsInput = v.InferOutput<typeof WhatsappSettingsSchema>;

/** GET /api/whatsapp/webhook: Meta's subscription check (hub.mode, hub.verify_token, hub.challenge). */
export const WebhookVerifyQuerySchema = v.object({
  'hub.mode': v.picklist(['subscribe'], 'hub.mode inválido'),
  'hub.verify_token': v.pipe(v.string('hub.verify_token ausente'), v.maxLength(200, 'hub.verify_token inválido')),
  'hub.challenge': v.pipe(v.string('hub.challenge ausente'), v.regex(/^[\w-]{1,200}$/, 'hub.challenge inválido')),
});

/** GET /api/conversations: whose (a member's id), whether only the unread, and one client's (the ficha's link). */
export const ConversationsQuerySchema = v.object({
  contactId: optionalQueryId('Contato inválido'),
  assignedTo: v.optional(v.pipe(v.string('Membro inválido'), v.uuid('Membro inválido'))),
  unread: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'unread: use true ou false'),
      v.transform((value) => value === 'true'),
    ),
  ),
});
export type ConversationsQuery = v.InferOutput<typeof ConversationsQuerySchema>;

/** POST /api/conversations/{id}/messages: free text (inside the window), or a template (an id from GET /api/whatsapp/templates). */
export const ConversationMessageSchema = v.pipe(
  v.object({
    text: v.optional(
      v.pipe(
        v.string('Mensagem inválida'),
        v.trim(),
        v.maxLength(WHATSAPP_TEXT_MAX, `A mensagem passa de ${WHATSAPP_TEXT_MAX} caracteres`),
      ),
    ),
    templateId: v.optional(bodyId('Modelo inválido')),
    documentId: v.optional(bodyId('Documento inválido')),
  }),
  v.check((body) => Boolean(body.text) || body.templateId !== undefined || body.documentId !== undefined, WHATSAPP_MESSAGES.textOrTemplate),
  // A document goes inside the 24-hour window, with a caption or alone; a template goes by itself.
  v.forward(
    v.check((body) => body.documentId === undefined || body.templateId === undefined, WHATSAPP_MESSAGES.documentWithTemplate),
    ['documentId'],
  ),
);
export type ConversationMessageInput = v.InferOutput<typeof ConversationMessageSchema>;

/** POST /api/conversations/{id}/assign: the member who takes the conversation. */
export const AssignConversationSchema = v.object({
  memberId: v.pipe(v.string('Escolha um membro da equipe'), v.uuid('Escolha um membro da equipe')),
});

/** GET /api/whatsapp/usage?month=AAAA-MM (this month by default): what the month's messages cost, by category. */
export const WhatsappUsageQuerySchema = v.object({ month: v.optional(wireMonth('Mês inválido: use AAAA-MM')) });
export type WhatsappUsageQuery = v.InferOutput<typeof WhatsappUsageQuerySchema>;

/**
 * POST /internal/pipeline/{userId}/contacts/{id}/whatsapp-automation: one of the product's own sends
 * (a comparison, an overdue instalment) to a client through the brokerage's number: `text` inside
 * the window (with the document, when given, as its file), else the Meta template linked to the
 * automation, filled from `values`. `by`: the member's name, for the timeline.
 */
export const WhatsappAutomationSchema = v.object({
  automation: v.picklist(WHATSAPP_AUTOMATION_VALUES, 'Envio automático inválido'),
  text: v.pipe(v.string(), v.trim(), v.nonEmpty('Mensagem vazia'), v.maxLength(WHATSAPP_TEXT_MAX, 'Mensagem longa demais')),
  values: v.pipe(
    v.record(v.pipe(v.string(), v.regex(/^[a-z_]{1,30}$/)), v.pipe(v.string(), v.maxLength(500))),
    v.check((values) => Object.keys(values).length <= 20, 'Variáveis demais'),
  ),
  documentId: v.optional(bodyId('Documento inválido')),
  /** Whether a wa.me link's send goes on the client's timeline (a comparison records its own send). */
  record: v.optional(v.boolean(), false),
  by: v.pipe(v.string(), v.maxLength(100)),
});
export type WhatsappAutomationInput = v.InferOutput<typeof WhatsappAutomationSchema>;
