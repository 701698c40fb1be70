import {
  NOT_FOUND,
  WHATSAPP_MESSAGES,
  WHATSAPP_WINDOW_HOURS,
  type ConversationCategory,
  type ConversationMessage,
  type ConversationMessageInput,
  type ConversationSummary,
  type ConversationThread,
  type ConversationsQuery,
  type WhatsappMessageKind,
  type WhatsappTemplate,
} from '@corretora/contracts';
import { HttpError, assertActiveMember, type BrokerScopedTable, type InternalClient, type SessionUser } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { tables } from '../../tables';
import { ProviderError, type CloudApi } from './cloud-api';
import type { WhatsappSettingsService } from './whatsapp-settings.service';

const WINDOW_MS = WHATSAPP_WINDOW_HOURS * 60 * 60 * 1000;
const TEMPLATES_FRESH_MS = 5 * 60 * 1000;
const NO_MOBILE = 'O contato não tem celular cadastrado: cadastre um para conversar pelo WhatsApp.';
const NO_ATTACHMENTS = 'Enviar documentos pelo WhatsApp ainda não está disponível: envie o texto ou um modelo.';
const PREVIEW_MAX = 200;

interface SummaryRow {
  id: number;
  contactId: number;
  contactName: string;
  contactPhone: string | null;
  responsibleId: string | null;
  lastMessageAt: Date;
  lastInboundAt: Date | null;
  lastMessagePreview: string;
  unreadCount: number;
}

/** A message as its table holds it: the answer's fields, with the instant as the column names it. */
type MessageRow = Omit<ConversationMessage, 'at'> & { createdAt: Date };

function summary(row: SummaryRow, now: Date): ConversationSummary {
  const until = row.lastInboundAt ? new Date(new Date(row.lastInboundAt).getTime() + WINDOW_MS) : null;
  return {
    id: row.id,
    contact: { id: row.contactId, name: row.contactName, phone: row.contactPhone },
    assignedTo: row.responsibleId,
    lastMessageAt: new Date(row.lastMessageAt).toISOString(),
    lastMessagePreview: row.lastMessagePreview,
    unreadCount: row.unreadCount,
    windowOpenUntil: until ? until.toISOString() : null,
    windowOpen: until !== null && until.getTime() > now.getTime(),
  };
}

function message(row: MessageRow): ConversationMessage {
  const { createdAt, ...fields } = row;
  return { ...fields, at: new Date(createdAt).toISOString() };
}

/**
 * Conversas: one conversation per client, the client's responsible member's (a producer sees their
 * clients', owners and admins every one) until it is passed on. A reply is free text inside the 24
 * hours after the client's last message; outside them only a template Meta approved, and a
 * marketing one only with the client's marketing consent.
 */
export class ConversationsService {
  private readonly conversations: BrokerScopedTable;
  private readonly messages: BrokerScopedTable;
  private readonly contacts: BrokerScopedTable;
  private readonly templates: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly settings: WhatsappSettingsService,
    private readonly cloud: CloudApi,
    private readonly identity: InternalClient | null,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.conversations = tables.scoped(knex, 'conversations');
    this.messages = tables.scoped(knex, 'whatsapp_messages');
    this.contacts = tables.scoped(knex, 'contacts');
    this.templates = tables.scoped(knex, 'whatsapp_templates');
  }

  private summaries(userId: string, trx: Knex | Knex.Transaction = this.knex) {
    return trx
      .select(
        'c.id',
        'c.contact_id as contactId',
        'k.name as contactName',
        'k.phone as contactPhone',
        'c.responsible_id as responsibleId',
        'c.last_message_at as lastMessageAt',
        'c.last_inbound_at as lastInboundAt',
        'c.last_message_preview as lastMessagePreview',
        'c.unread_count as unreadCount',
      )
      .from(this.conversations.of(userId, trx).from('c'))
      .join('contacts as k', 'k.id', 'c.contact_id');
  }

  async list(userId: string, query: ConversationsQuery): Promise<ConversationSummary[]> {
    let rows = this.summaries(userId).orderByRaw('(c.unread_count > 0) desc, c.last_message_at desc, c.id desc').limit(200);
    if (query.assignedTo) rows = rows.where('c.responsible_id', query.assignedTo);
    if (query.unread) rows = rows.where('c.unread_count', '>', 0);
    return ((await rows) as SummaryRow[]).map((row) => summary(row, this.clock()));
  }

  private async conversation(userId: string, id: number, trx: Knex | Knex.Transaction = this.knex): Promise<SummaryRow> {
    const row = (await this.summaries(userId, trx).where('c.id', id).first()) as SummaryRow | undefined;
    if (!row) throw new HttpError(404, NOT_FOUND.conversation);
    return row;
  }

  async thread(userId: string, id: number): Promise<ConversationThread> {
    const conversation = await this.conversation(userId, id);
    const [rows, contact] = await Promise.all([
      this.messages
        .of(userId)
        .rows()
        .where({ conversationId: id })
        .orderBy([{ column: 'createdAt' }, { column: 'id' }])
        .limit(500),
      this.contacts.of(userId).rows().where({ id: conversation.contactId }).first('consentMarketing'),
    ]);
    return {
      conversation: summary(conversation, this.clock()),
      messages: (rows as MessageRow[]).map(message),
      marketingConsent: Boolean((contact as { consentMarketing?: boolean } | undefined)?.consentMarketing),
    };
  }

  async markRead(userId: string, id: number): Promise<void> {
    const [row] = await this.conversations.of(userId).update(id, { unreadCount: 0 });
    if (!row) throw new HttpError(404, NOT_FOUND.conversation);
  }

  async assign(userId: string, id: number, memberId: string): Promise<ConversationSummary> {
    const before = await this.conversation(userId, id);
    await assertActiveMember(this.identity, userId, memberId, 'memberId');
    await this.conversations.of(userId).update(id, { responsibleId: memberId });
    // As it was read before: a producer who passed it on no longer sees it.
    return { ...summary(before, this.clock()), assignedTo: memberId };
  }

  /** The templates Meta approved for the brokerage's account, synced when older than five minutes. */
  async listTemplates(userId: string): Promise<WhatsappTemplate[]> {
    const account = await this.settings.cloudAccount(userId);
    if (!account) return [];
    const synced = await this.settings.templatesSyncedAt(userId);
    if (!synced || this.clock().getTime() - synced.getTime() > TEMPLATES_FRESH_MS) {
      const fetched = await this.cloud.templates(account).catch((error: unknown) => {
        if (error instanceof ProviderError) throw new HttpError(502, WHATSAPP_MESSAGES.providerFailed);
        throw error;
      });
      await this.knex.transaction(async (trx) => {
        await this.templates.of(userId, trx).rows().delete();
        await this.templates.of(userId, trx).insertMany(fetched);
        await this.settings.markTemplatesSynced(userId, trx);
      });
    }
    return (await this.templates
      .of(userId)
      .rows()
      .orderBy('name')
      .select('id', 'name', 'language', 'category', 'status', 'body')) as WhatsappTemplate[];
  }

  async send(user: SessionUser, id: number, input: ConversationMessageInput): Promise<ConversationMessage> {
    const userId = user.id;
    const conversation = await this.conversation(userId, id);
    if (input.documentId !== undefined) throw new HttpError(400, NO_ATTACHMENTS, [{ path: 'documentId', message: NO_ATTACHMENTS }]);
    const contact = (await this.contacts
      .of(userId)
      .rows()
      .where({ id: conversation.contactId })
      .first('phoneE164', 'consentMarketing', 'blockedAt', 'erasureRequestedAt')) as
      { phoneE164: string | null; consentMarketing: boolean; blockedAt: Date | null; erasureRequestedAt: Date | null } | undefined;
    if (!contact) throw new HttpError(404, NOT_FOUND.conversation);
    if (contact.blockedAt) throw new HttpError(409, WHATSAPP_MESSAGES.contactBlocked);
    const account = await this.settings.cloudAccount(userId);
    if (!account) throw new HttpError(400, WHATSAPP_MESSAGES.notConnected);
    if (!contact.phoneE164) throw new HttpError(400, NO_MOBILE);
    const to = contact.phoneE164.slice(1);
    const windowOpen =
      conversation.lastInboundAt !== null && this.clock().getTime() - new Date(conversation.lastInboundAt).getTime() < WINDOW_MS;
    let outgoing: { kind: WhatsappMessageKind; text: string; templateName: string | null; category: ConversationCategory };
    let template: WhatsappTemplate | undefined;
    if (input.templateId !== undefined) {
      template = (await this.templates.of(userId).byId(input.templateId).first()) as WhatsappTemplate | undefined;
      if (!template)
        throw new HttpError(400, WHATSAPP_MESSAGES.templateNotFound, [{ path: 'templateId', message: WHATSAPP_MESSAGES.templateNotFound }]);
      if (template.status !== 'approved')
        throw new HttpError(400, WHATSAPP_MESSAGES.templateNotApproved, [
          { path: 'templateId', message: WHATSAPP_MESSAGES.templateNotApproved },
        ]);
      if (template.category === 'marketing' && (!contact.consentMarketing || contact.erasureRequestedAt))
        throw new HttpError(400, WHATSAPP_MESSAGES.marketingWithoutConsent);
      outgoing = { kind: 'template', text: template.body || template.name, templateName: template.name, category: template.category };
    } else {
      if (!windowOpen)
        throw new HttpError(400, WHATSAPP_MESSAGES.windowClosed, [{ path: 'text', message: WHATSAPP_MESSAGES.windowClosed }]);
      outgoing = { kind: 'text', text: input.text ?? '', templateName: null, category: 'service' };
    }
    const [queued] = (await this.messages.of(userId).insert({
      conversationId: id,
      direction: 'out',
      ...outgoing,
      status: 'sending',
      sentBy: user.memberId,
    })) as MessageRow[];
    try {
      const sent = template
        ? await this.cloud.sendTemplate(account, to, { name: template.name, language: template.language })
        : await this.cloud.sendText(account, to, outgoing.text);
      const [row] = (await this.messages
        .of(userId)
        .update(queued!.id, { status: 'sent', providerMessageId: sent.providerMessageId })) as MessageRow[];
      await this.conversations.of(userId).update(id, {
        lastMessageAt: this.knex.fn.now(),
        lastMessagePreview: outgoing.text.slice(0, PREVIEW_MAX),
      });
      return message(row!);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      await this.messages.of(userId).update(queued!.id, { status: 'failed', error: WHATSAPP_MESSAGES.providerFailed });
      throw new HttpError(502, WHATSAPP_MESSAGES.providerFailed);
    }
  }
}
