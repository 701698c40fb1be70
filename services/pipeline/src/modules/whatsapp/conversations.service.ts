import {
  NOT_FOUND,
  WHATSAPP_MESSAGES,
  saoPauloDay,
  type ConversationMessage,
  type ConversationMessageInput,
  type ConversationSummary,
  type ConversationThread,
  type ConversationsQuery,
  type WhatsappTemplate,
} from '@corretora/contracts';
import {
  HttpError,
  assertActiveMember,
  runAsMember,
  type BrokerScopedTable,
  type InternalClient,
  type ObjectStore,
  type SessionUser,
} from '@corretora/service-kit';
import type { Knex } from 'knex';
import { tables } from '../../tables';
import { ProviderError, type CloudApi } from './cloud-api';
import type { WhatsappSettingsService } from './whatsapp-settings.service';
import { messageOnTimeline } from './message-timeline';
import { WINDOW_MS, message, summary, type MessageRow, type SummaryRow } from './conversation-answers';
import {
  SENT_FAILED_TASK,
  fillProviderTemplate,
  needsPolicy,
  noLinkedTemplate,
  unknownVariable,
  type PreparedSend,
  type TemplatedSend,
} from './outgoing';
import type { TasksService } from '../tasks/tasks.service';
import { documentFor } from './attachment';
import { whatsappMediaKey } from './whatsapp-media.service';

const TEMPLATES_FRESH_MS = 5 * 60 * 1000;
const NO_MOBILE = 'O contato não tem celular cadastrado: cadastre um para conversar pelo WhatsApp.';
const PREVIEW_MAX = 200;
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
    private readonly tasks: TasksService | null,
    /** Where a reply's document comes from (finance) and where the sent file is kept. */
    private readonly files: { finance: InternalClient | null; store: ObjectStore },
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
    if (query.contactId !== undefined) rows = rows.where('c.contact_id', query.contactId);
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
      runAsMember(undefined, () => this.contacts.of(userId).rows().where({ id: conversation.contactId }).first('consentMarketing')),
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
      // Each template keeps its id across syncs (a message template's link names it): updated in
      // place, and only those Meta no longer lists removed.
      await this.knex.transaction(async (trx) => {
        for (const template of fetched)
          await this.templates
            .of(userId, trx)
            .insert(template)
            .onConflict(['user_id', 'name', 'language'])
            .merge(['category', 'status', 'body']);
        const listed = fetched.map((template) => [template.name, template.language]);
        const gone = this.templates.of(userId, trx).rows();
        await (listed.length === 0 ? gone : gone.whereNotIn(['name', 'language'], listed)).delete();
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
    // The conversation's scope said the member may write here (it may have been passed to them: the client is someone else's).
    const contact = await runAsMember(undefined, () => this.reachable(userId, conversation.contactId));
    const account = await this.settings.cloudAccount(userId);
    if (!account) throw new HttpError(400, WHATSAPP_MESSAGES.notConnected);
    let prepared: PreparedSend;
    if (input.templateId !== undefined) {
      const template = await this.approvedTemplate(userId, input.templateId, contact, 'templateId');
      // From Conversas a template knows the client's name; one asking for a policy's data goes from the ficha.
      const filled = fillProviderTemplate(template.body, { nome: contact.name }, ['nome']);
      if ('missing' in filled)
        throw new HttpError(400, needsPolicy(template.name, filled.missing), [
          { path: 'templateId', message: needsPolicy(template.name, filled.missing) },
        ]);
      prepared = {
        conversationId: id,
        contactId: conversation.contactId,
        account,
        to: contact.to,
        outgoing: { kind: 'template', text: filled.text || template.name, templateName: template.name, category: template.category },
        template: { name: template.name, language: template.language, parameters: filled.parameters },
      };
    } else {
      const path = input.documentId === undefined ? 'text' : 'documentId';
      if (!this.windowOpen(conversation))
        throw new HttpError(400, WHATSAPP_MESSAGES.windowClosed, [{ path, message: WHATSAPP_MESSAGES.windowClosed }]);
      const document =
        input.documentId === undefined
          ? undefined
          : await documentFor(this.files.finance, userId, input.documentId, conversation.contactId);
      prepared = {
        conversationId: id,
        contactId: conversation.contactId,
        account,
        to: contact.to,
        outgoing: {
          kind: document ? 'document' : 'text',
          text: input.text || document?.name || '',
          templateName: null,
          category: 'service',
        },
        ...(document ? { document } : {}),
      };
    }
    const queued = await this.knex.transaction((trx) => this.queue(trx, user, prepared, { onTimeline: true }));
    return this.dispatch(user, prepared, queued);
  }

  /** Whether free text may go now: within 24 hours of the client's last message, by the server's clock. */
  private windowOpen(conversation: { lastInboundAt: Date | null }): boolean {
    return conversation.lastInboundAt !== null && this.clock().getTime() - new Date(conversation.lastInboundAt).getTime() < WINDOW_MS;
  }

  /** The contact a message may go to: not blocked by an erasure, with a mobile; its number as Meta takes it. */
  private async reachable(userId: string, contactId: number) {
    const contact = (await this.contacts
      .of(userId)
      .rows()
      .where({ id: contactId })
      .first('name', 'phoneE164', 'responsibleId', 'consentMarketing', 'blockedAt', 'erasureRequestedAt')) as
      | {
          name: string;
          phoneE164: string | null;
          responsibleId: string | null;
          consentMarketing: boolean;
          blockedAt: Date | null;
          erasureRequestedAt: Date | null;
        }
      | undefined;
    if (!contact) throw new HttpError(404, NOT_FOUND.contact);
    if (contact.blockedAt) throw new HttpError(409, WHATSAPP_MESSAGES.contactBlocked);
    if (!contact.phoneE164) throw new HttpError(400, NO_MOBILE);
    return { ...contact, to: contact.phoneE164.slice(1) };
  }

  /** A synced template that may be sent to this contact: Meta approved it, and a marketing one has consent. */
  private async approvedTemplate(
    userId: string,
    templateId: number,
    contact: { consentMarketing: boolean; erasureRequestedAt: Date | null },
    path: string,
  ): Promise<WhatsappTemplate> {
    const template = (await this.templates.of(userId).byId(templateId).first()) as WhatsappTemplate | undefined;
    if (!template) throw new HttpError(400, WHATSAPP_MESSAGES.templateNotFound, [{ path, message: WHATSAPP_MESSAGES.templateNotFound }]);
    if (template.status !== 'approved')
      throw new HttpError(400, WHATSAPP_MESSAGES.templateNotApproved, [{ path, message: WHATSAPP_MESSAGES.templateNotApproved }]);
    if (template.category === 'marketing' && (!contact.consentMarketing || contact.erasureRequestedAt))
      throw new HttpError(400, WHATSAPP_MESSAGES.marketingWithoutConsent);
    return template;
  }

  /** Whether the brokerage sends through its number on the Cloud API (else: wa.me links). */
  async connected(userId: string): Promise<boolean> {
    return (await this.settings.cloudAccount(userId)) !== null;
  }

  /**
   * One of the brokerage's message templates, filled for the contact, ready to go through the
   * provider (the ficha, the renewal centre): as text inside the 24-hour window, else as the Meta
   * template linked to it in Configurações › WhatsApp. Null while the brokerage uses wa.me links.
   */
  async prepareTemplated(user: SessionUser, input: TemplatedSend): Promise<PreparedSend | null> {
    const userId = user.id;
    const account = await this.settings.cloudAccount(userId);
    if (!account) return null;
    const contact = await this.reachable(userId, input.contactId);
    // Read without the member's scope narrowing it: a conversation passed to another member still
    // carries this client's message (the member may message their client: the contact's scope said so).
    const existing = (await runAsMember(undefined, () =>
      this.conversations.of(userId).rows().where({ contactId: input.contactId }).first('id', 'lastInboundAt'),
    )) as { id: number; lastInboundAt: Date | null } | undefined;
    let outgoing: Pick<PreparedSend, 'outgoing' | 'template' | 'document'>;
    if (existing && this.windowOpen(existing))
      outgoing = input.document
        ? { outgoing: { kind: 'document', text: input.text, templateName: null, category: 'service' }, document: input.document }
        : { outgoing: { kind: 'text', text: input.text, templateName: null, category: 'service' } };
    else {
      const linked = await this.settings.linkedTemplate(userId, input.link);
      const template =
        linked === null ? undefined : await this.approvedTemplate(userId, linked, contact, 'templateId').catch(() => undefined);
      if (!template) throw new HttpError(409, noLinkedTemplate(input.failure.templateName));
      const filled = fillProviderTemplate(template.body, input.values, input.order);
      if ('missing' in filled) throw new HttpError(409, unknownVariable(template.name, filled.missing));
      outgoing = {
        outgoing: { kind: 'template', text: filled.text || template.name, templateName: template.name, category: template.category },
        template: { name: template.name, language: template.language, parameters: filled.parameters },
      };
    }
    // The client's conversation opens only now that the message can go (a refusal leaves none behind).
    const conversationId = existing?.id ?? (await this.open(userId, input.contactId, contact.responsibleId));
    return { conversationId, contactId: input.contactId, account, to: contact.to, failure: input.failure, ...outgoing };
  }

  /** The client's conversation, opened for a first message of ours (the client's responsible member's). */
  private async open(userId: string, contactId: number, responsibleId: string | null): Promise<number> {
    await this.conversations.of(userId).insert({ contactId, responsibleId }).onConflict(['user_id', 'contact_id']).ignore();
    const row = (await runAsMember(undefined, () => this.conversations.of(userId).rows().where({ contactId }).first('id'))) as {
      id: number;
    };
    return row.id;
  }

  /** The message as sending, in the caller's transaction (and on the timeline as a conversation's message when asked). */
  async queue(trx: Knex.Transaction, user: SessionUser, prepared: PreparedSend, options: { onTimeline: boolean }): Promise<MessageRow> {
    const [queued] = (await runAsMember(undefined, () =>
      this.messages.of(user.id, trx).insert({
        conversationId: prepared.conversationId,
        direction: 'out',
        ...prepared.outgoing,
        status: 'sending',
        sentBy: user.memberId,
        ...(prepared.document
          ? { mediaName: prepared.document.name, mediaMime: prepared.document.mimeType, mediaSize: prepared.document.bytes.length }
          : {}),
      }),
    )) as MessageRow[];
    if (prepared.document) {
      // What went to the client stays with the conversation (its thread, the LGPD export) whatever finance does with the document.
      const key = whatsappMediaKey(user.id, queued!.id);
      await this.files.store.putObject(key, prepared.document.bytes, prepared.document.mimeType);
      await runAsMember(undefined, () => this.messages.of(user.id, trx).update(queued!.id, { mediaKey: key }));
      queued!.mediaKey = key;
    }
    if (options.onTimeline)
      await messageOnTimeline(trx, user.id, {
        contactId: prepared.contactId,
        messageId: queued!.id,
        direction: 'out',
        text: prepared.outgoing.text,
        by: user.name || user.email,
      });
    return queued!;
  }

  /**
   * The queued message handed to the provider: sent (with the provider's id, statuses follow by
   * webhook) or failed — kept as failed, a task for the member when the send came from a template
   * (the ficha, an automation), and a pt-BR 502.
   */
  async dispatch(user: SessionUser, prepared: PreparedSend, queued: MessageRow): Promise<ConversationMessage> {
    const userId = user.id;
    try {
      const sent = prepared.template
        ? await this.cloud.sendTemplate(prepared.account, prepared.to, prepared.template)
        : prepared.document
          ? await this.cloud.sendDocument(prepared.account, prepared.to, { ...prepared.document, caption: prepared.outgoing.text })
          : await this.cloud.sendText(prepared.account, prepared.to, prepared.outgoing.text);
      return await runAsMember(undefined, async () => {
        const [row] = (await this.messages
          .of(userId)
          .update(queued.id, { status: 'sent', providerMessageId: sent.providerMessageId })) as MessageRow[];
        await this.conversations.of(userId).update(prepared.conversationId, {
          lastMessageAt: this.knex.fn.now(),
          lastMessagePreview: prepared.outgoing.text.slice(0, PREVIEW_MAX),
        });
        return message(row!);
      });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      await runAsMember(undefined, () =>
        this.messages.of(userId).update(queued.id, { status: 'failed', error: WHATSAPP_MESSAGES.providerFailed }),
      );
      if (prepared.failure && this.tasks) {
        await this.tasks.create(userId, {
          title: `Reenviar pelo WhatsApp: ${prepared.failure.templateName} para ${prepared.failure.contactName}`.slice(0, 200),
          dueAt: saoPauloDay(this.clock()),
          contactId: prepared.contactId,
          cardId: null,
          policyId: null,
          responsibleId: user.memberId ?? null,
        });
        throw new HttpError(502, SENT_FAILED_TASK);
      }
      throw new HttpError(502, WHATSAPP_MESSAGES.providerFailed);
    }
  }
}
