import { WHATSAPP_OPERATIONS as OPS, saoPauloDay } from '@corretora/contracts';
import { HttpError, rawBody, route, sendFile } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { ConversationsService } from './conversations.service';
import type { WhatsappSettingsService } from './whatsapp-settings.service';
import type { WhatsappWebhookService } from './whatsapp-webhook.service';
import type { WhatsappMediaService } from './whatsapp-media.service';
import type { WhatsappAutomations } from './automations';

/** WhatsApp (#62): the provider's settings, Meta's webhook and Conversas. */
export function whatsappRoutes(
  router: Router,
  services: {
    settings: WhatsappSettingsService;
    webhook: WhatsappWebhookService;
    conversations: ConversationsService;
    media: WhatsappMediaService;
  },
): void {
  const { settings, webhook, conversations, media } = services;
  route(router, OPS.settings, ({ user }) => settings.get(user.id));
  route(router, OPS.saveSettings, ({ user, body }) => settings.save(user.id, body));
  route(router, OPS.channel, ({ user }) => settings.channel(user.id));
  route(router, OPS.usage, ({ user, query }) => settings.usage(user.id, query.month ?? saoPauloDay(new Date()).slice(0, 7)));
  route(router, OPS.templates, ({ user }) => conversations.listTemplates(user.id));
  route(router, OPS.verifyWebhook, async ({ query, ctx }) => {
    if (!(await settings.isVerifyToken(query['hub.verify_token']))) throw new HttpError(403, 'Token de verificação inválido.');
    ctx.type = 'text/plain';
    ctx.body = query['hub.challenge'];
  });
  route(router, OPS.webhook, ({ ctx }) => webhook.receive(rawBody(ctx), ctx.request.body, ctx.get('x-hub-signature-256') || undefined));
  route(router, OPS.conversations, ({ user, query }) => conversations.list(user.id, query));
  route(router, OPS.messages, ({ user, params }) => conversations.thread(user.id, params.id));
  route(router, OPS.media, async ({ user, params, ctx }) => sendFile(ctx, await media.open(user.id, params.id, params.messageId)));
  route(router, OPS.send, ({ user, params, body }) => conversations.send(user, params.id, body));
  route(router, OPS.assign, ({ user, params, body }) => conversations.assign(user.id, params.id, body.memberId));
  route(router, OPS.markRead, ({ user, params }) => conversations.markRead(user.id, params.id));
}

/** The product's own sends through the brokerage's number, asked by finance (a comparison, an overdue instalment). */
export function whatsappInternalRoutes(router: Router, automations: WhatsappAutomations): void {
  route(router, OPS.automation, ({ params, body }) => automations.send(params.userId, params.id, body));
}
