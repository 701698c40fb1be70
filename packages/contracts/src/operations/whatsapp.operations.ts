import { phantom, type Operation } from '../vocabulary/operation';
import { NOT_FOUND } from '../errors';
import { MANAGERS } from '../vocabulary/team-roles';
import type {
  ConversationMessage,
  ConversationSummary,
  ConversationThread,
  WhatsappChannel,
  WhatsappSettings,
  WhatsappTemplate,
  WhatsappAutomationResult,
  WhatsappUsage,
} from '../whatsapp/whatsapp-types';
import type {
  AssignConversationSchema,
  ConversationMessageSchema,
  ConversationsQuerySchema,
  WebhookVerifyQuerySchema,
  WhatsappAutomationSchema,
  WhatsappSettingsSchema,
  WhatsappUsageQuerySchema,
} from '../whatsapp/whatsapp.schemas';

// WhatsApp as the team's inbox (#62): the brokerage's provider, Meta's webhook (public, each delivery
// signed with the app's secret) and the conversations, each its client's responsible member's.

export const settings = {
  id: 'whatsapp.settings',
  method: 'GET',
  path: '/api/whatsapp/settings',
  access: 'signed-in',
  roles: MANAGERS,
  answer: phantom as WhatsappSettings,
} as const satisfies Operation;
export const saveSettings = {
  id: 'whatsapp.saveSettings',
  method: 'PUT',
  path: '/api/whatsapp/settings',
  access: 'signed-in',
  roles: MANAGERS,
  body: phantom as typeof WhatsappSettingsSchema,
  answer: phantom as WhatsappSettings,
} as const satisfies Operation;
export const channel = {
  id: 'whatsapp.channel',
  method: 'GET',
  path: '/api/whatsapp/channel',
  access: 'signed-in',
  answer: phantom as WhatsappChannel,
} as const satisfies Operation;
export const usage = {
  id: 'whatsapp.usage',
  method: 'GET',
  path: '/api/whatsapp/usage',
  access: 'signed-in',
  roles: MANAGERS,
  query: phantom as typeof WhatsappUsageQuerySchema,
  answer: phantom as WhatsappUsage,
} as const satisfies Operation;
export const templates = {
  id: 'whatsapp.templates',
  method: 'GET',
  path: '/api/whatsapp/templates',
  access: 'signed-in',
  answer: phantom as WhatsappTemplate[],
} as const satisfies Operation;
export const verifyWebhook = {
  id: 'whatsapp.verifyWebhook',
  method: 'GET',
  path: '/api/whatsapp/webhook',
  access: 'public',
  query: phantom as typeof WebhookVerifyQuerySchema,
  produces: 'text/plain',
} as const satisfies Operation;
export const webhook = {
  id: 'whatsapp.webhook',
  method: 'POST',
  path: '/api/whatsapp/webhook',
  access: 'public',
  answer: phantom as { received: number },
} as const satisfies Operation;

export const conversations = {
  id: 'conversations.list',
  method: 'GET',
  path: '/api/conversations',
  access: 'signed-in',
  query: phantom as typeof ConversationsQuerySchema,
  answer: phantom as ConversationSummary[],
} as const satisfies Operation;
export const messages = {
  id: 'conversations.messages',
  method: 'GET',
  path: '/api/conversations/:id/messages',
  access: 'signed-in',
  notFound: NOT_FOUND.conversation,
  answer: phantom as ConversationThread,
} as const satisfies Operation;
export const media = {
  id: 'conversations.media',
  method: 'GET',
  path: '/api/conversations/:id/messages/:messageId/media',
  access: 'signed-in',
  notFound: NOT_FOUND.conversation,
  produces: 'application/octet-stream',
} as const satisfies Operation;
export const send = {
  id: 'conversations.send',
  method: 'POST',
  path: '/api/conversations/:id/messages',
  access: 'signed-in',
  status: 201,
  notFound: NOT_FOUND.conversation,
  body: phantom as typeof ConversationMessageSchema,
  answer: phantom as ConversationMessage,
} as const satisfies Operation;
export const assign = {
  id: 'conversations.assign',
  method: 'POST',
  path: '/api/conversations/:id/assign',
  access: 'signed-in',
  notFound: NOT_FOUND.conversation,
  body: phantom as typeof AssignConversationSchema,
  answer: phantom as ConversationSummary,
} as const satisfies Operation;
export const markRead = {
  id: 'conversations.read',
  method: 'POST',
  path: '/api/conversations/:id/read',
  access: 'signed-in',
  status: 204,
  notFound: NOT_FOUND.conversation,
} as const satisfies Operation;
export const automation = {
  id: 'whatsapp.automation',
  method: 'POST',
  path: '/internal/pipeline/:userId/contacts/:id/whatsapp-automation',
  access: 'internal',
  status: 201,
  notFound: NOT_FOUND.contact,
  body: phantom as typeof WhatsappAutomationSchema,
  answer: phantom as WhatsappAutomationResult,
} as const satisfies Operation;
