import {
  DEFAULT_TEMPLATES,
  FINANCE_OPERATIONS,
  NOT_FOUND,
  formatDate,
  isMobileNumber,
  renderTemplate,
  templateVariables,
  type ConsentInput,
  type ConsentPurpose,
  type ContactPolicySummary,
  type ContactTimeline,
  type InteractionInput,
  type MessageTemplate,
  type MessageTemplatesInput,
  type ReferenceData,
  type SentChannel,
  type SentRecordInput,
  type PortalEvent,
  type SentWhat,
  type TimelineEntry,
  type WhatsappInput,
  type WhatsappLink,
  type WhatsappMessageStatus,
} from '@corretora/contracts';
import {
  type BrokerScopedTable,
  HttpError,
  runAsMember,
  inLockedTransaction,
  type InternalClient,
  type SessionUser,
  preparedRead,
} from '@corretora/service-kit';
import type { ConversationsService } from '../whatsapp/conversations.service';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import { warmContactCards } from '../pipeline/card-activity';

interface EntryRow {
  id: number;
  kind: TimelineEntry['kind'];
  type: string | null;
  note: string | null;
  templateName: string | null;
  purpose: ConsentPurpose | null;
  granted: boolean | null;
  text: string | null;
  channel: SentChannel | null;
  sha256: string | null;
  whatsappMessageId: number | null;
  createdBy: string | null;
  createdAt: Date;
}

/** An entry as the API answers it; a WhatsApp message's status is its message's now (null: not sent through the provider, or not visible). */
function toEntry(row: EntryRow, statuses: ReadonlyMap<number, WhatsappMessageStatus> = new Map()): TimelineEntry {
  const base = { id: row.id, at: new Date(row.createdAt).toISOString(), by: row.createdBy };
  const status = row.whatsappMessageId === null ? null : (statuses.get(row.whatsappMessageId) ?? null);
  if (row.kind === 'interaction') return { ...base, kind: 'interaction', type: row.type as never, note: row.note };
  if (row.kind === 'whatsapp')
    return { ...base, kind: 'whatsapp', templateName: row.templateName!, purpose: row.purpose!, text: row.text!, status };
  if (row.kind === 'message') return { ...base, kind: 'message', direction: row.type as 'in' | 'out', text: row.text!, status };
  if (row.kind === 'sent')
    return {
      ...base,
      kind: 'sent',
      what: row.type as SentWhat,
      text: row.text!,
      channel: row.channel!,
      sha256: row.sha256?.trim() ?? null,
    };
  if (row.kind === 'portal') return { ...base, kind: 'portal', event: row.type as PortalEvent, text: row.text ?? '' };
  return { ...base, kind: 'consent', purpose: row.purpose!, granted: row.granted! };
}

const TEMPLATE_NOT_FOUND = 'Modelo de mensagem não encontrado.';
const NO_MOBILE = 'O contato não tem celular cadastrado: cadastre um para enviar pelo WhatsApp.';
export const CONTACT_BLOCKED =
  'Contato bloqueado por um pedido de eliminação (LGPD): os dados são mantidos só pela guarda da apólice e não podem ser usados para contato.';
const ERASURE_NO_MARKETING =
  'O titular pediu a eliminação dos dados (LGPD): o marketing terminou e não pode ser reativado; os dados ficam só para o contrato em vigor.';
const NO_MARKETING = 'O contato não autorizou mensagens de marketing: registre o consentimento antes de enviar.';
const NO_POLICY = 'O contato não tem apólice para preencher o modelo: escolha outro modelo.';
const AWAITING_NUMBER = 'A apólice ainda aguarda o nº da seguradora: informe-o em Apólices antes de enviar este modelo.';

/**
 * A contact's timeline (interactions, WhatsApp messages, consent), its consent per purpose and the
 * brokerage's message templates. Entries are only ever inserted: no operation edits or deletes one.
 * Every statement goes through the broker's scope.
 */
export class RelationshipService {
  private readonly contacts: BrokerScopedTable;
  private readonly timeline: BrokerScopedTable;
  private readonly templates: BrokerScopedTable;
  private readonly messages: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly finance: InternalClient | null,
    private readonly reference: (userId: string) => Promise<ReferenceData>,
    /** The brokerage's provider (#62): when its number is on the Cloud API, the ficha's WhatsApp goes through it. */
    private readonly whatsappProvider: ConversationsService | null = null,
  ) {
    this.contacts = tables.scoped(knex, 'contacts');
    this.timeline = tables.scoped(knex, 'contact_timeline');
    this.templates = tables.scoped(knex, 'message_templates');
    this.messages = tables.scoped(knex, 'whatsapp_messages');
  }

  private async contact(userId: string, id: number, trx: Knex | Knex.Transaction = this.knex) {
    const row = (await this.contacts
      .of(userId, trx)
      .byId(id)
      .first('id', 'name', 'phone', 'phoneE164', 'consentServico', 'consentMarketing', 'blockedAt', 'erasureRequestedAt')) as
      | {
          id: number;
          name: string;
          phone: string | null;
          phoneE164: string | null;
          consentServico: boolean;
          consentMarketing: boolean;
          blockedAt: Date | null;
          erasureRequestedAt: Date | null;
        }
      | undefined;
    if (!row) throw new HttpError(404, NOT_FOUND.contact);
    return row;
  }

  private async insert(
    trx: Knex.Transaction,
    user: SessionUser,
    contactId: number,
    entry: Record<string, unknown>,
  ): Promise<TimelineEntry> {
    // The time it is written (not the transaction's start): an entry that waited on the contact's lock
    // is placed after the one that held it, as it happened.
    const [row] = (await this.timeline.of(user.id, trx).insert({
      contactId,
      createdBy: (user.name || user.email).slice(0, 100),
      createdAt: trx.raw('clock_timestamp()'),
      ...entry,
    })) as EntryRow[];
    return toEntry(row!);
  }

  /** POST /api/contacts/{id}/interactions: the entry; the contact's 'Último contato' moves to now and their open cards warm up. */
  async logInteraction(user: SessionUser, contactId: number, input: InteractionInput): Promise<TimelineEntry> {
    return this.knex.transaction(async (trx) => {
      await this.contact(user.id, contactId, trx);
      await this.contacts.of(user.id, trx).byId(contactId).update({ lastContact: trx.fn.now(), updatedAt: trx.fn.now() });
      await warmContactCards(trx, user.id, contactId);
      return this.insert(trx, user, contactId, { kind: 'interaction', type: input.type, note: input.note });
    });
  }

  /**
   * A deal's document sent to the client (finance asks: a comparison, a CNSP 382 disclosure with its
   * SHA-256), on the timeline as it happened; a contact blocked by an erasure takes none (the trigger).
   */
  async recordSent(userId: string, contactId: number, input: SentRecordInput): Promise<TimelineEntry> {
    await this.contact(userId, contactId);
    const [row] = (await this.timeline.of(userId).insert({
      contactId,
      kind: 'sent',
      type: input.what,
      text: input.text,
      channel: input.channel,
      sha256: input.sha256,
      createdBy: input.by.slice(0, 100) || null,
      createdAt: this.knex.raw('clock_timestamp()'),
    })) as EntryRow[];
    return toEntry(row!);
  }

  /** The contact's consent and its newest entries (500 at most; `limit` fewer). */
  async timelineOf(userId: string, contactId: number, limit = 500): Promise<ContactTimeline> {
    const contact = await this.contact(userId, contactId);
    return {
      contactId,
      consent: { servico: contact.consentServico, marketing: contact.consentMarketing },
      entries: await this.entriesOf(userId, contactId, limit),
    };
  }

  /**
   * The contact's newest entries (500 at most; `limit` fewer), for a caller that has read the contact
   * in the member's scope itself (the ficha, beside its own read of the contact): the entries' scope
   * is the member's too, but only the contact's read answers a 404.
   */
  async entriesOf(userId: string, contactId: number, limit = 500): Promise<ContactTimeline['entries']> {
    const rows = await preparedRead<EntryRow>(
      this.knex,
      this.timeline
        .of(userId)
        .rows()
        .where({ contactId })
        .orderBy([
          { column: 'createdAt', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(Math.min(limit, 500)),
    );
    const statuses = await this.statusesOf(
      userId,
      rows.flatMap((row) => (row.whatsappMessageId === null ? [] : [row.whatsappMessageId])),
    );
    return rows.map((row) => toEntry(row, statuses));
  }

  /** The delivery status now of the WhatsApp messages entries name (the contact's scope already let the member see them). */
  private async statusesOf(userId: string, ids: number[]): Promise<Map<number, WhatsappMessageStatus>> {
    if (ids.length === 0) return new Map();
    const rows = (await runAsMember(undefined, () => this.messages.of(userId).rows().whereIn('id', ids).select('id', 'status'))) as {
      id: number;
      status: WhatsappMessageStatus;
    }[];
    return new Map(rows.map((row) => [row.id, row.status]));
  }

  /** PUT /api/contacts/{id}/consent: the contact's consent for one purpose, and a timeline entry when it changes. */
  async setConsent(user: SessionUser, contactId: number, input: ConsentInput): Promise<ContactTimeline> {
    await this.knex.transaction(async (trx) => {
      const contact = await this.contact(user.id, contactId, trx);
      if (contact.blockedAt) throw new HttpError(409, CONTACT_BLOCKED);
      // Erasure asked while a contract runs: marketing ended with it; only a new request could restart it.
      if (contact.erasureRequestedAt && input.purpose === 'marketing' && input.granted) throw new HttpError(409, ERASURE_NO_MARKETING);
      const column = input.purpose === 'servico' ? 'consentServico' : 'consentMarketing';
      const changed = await this.contacts
        .of(user.id, trx)
        .byId(contactId)
        .andWhereNot({ [column]: input.granted })
        .update({ [column]: input.granted, updatedAt: trx.fn.now() });
      if (changed === 0) await this.contact(user.id, contactId, trx);
      else await this.insert(trx, user, contactId, { kind: 'consent', purpose: input.purpose, granted: input.granted });
    });
    return this.timelineOf(user.id, contactId);
  }

  /** The brokerage's templates; the defaults are written the first time they are asked for (once, under a lock). */
  async templatesOf(userId: string): Promise<MessageTemplate[]> {
    const read = () =>
      this.templates.of(userId).rows().orderBy(['position', 'id']).select('id', 'name', 'purpose', 'body') as Promise<MessageTemplate[]>;
    const existing = await read();
    if (existing.length > 0) return existing;
    await inLockedTransaction(this.knex, `message-templates:${userId}`, async (trx) => {
      // A brokerage keeps at least one template (PUT refuses an empty list): none means never seeded.
      if ((await this.templates.of(userId, trx).rows().first('id')) !== undefined) return;
      for (const [position, template] of DEFAULT_TEMPLATES.entries())
        await this.templates.of(userId, trx).insert({ ...template, position });
    });
    return read();
  }

  /** PUT /api/message-templates: the list as sent (an id of another brokerage's template is refused). */
  async setTemplates(userId: string, input: MessageTemplatesInput): Promise<MessageTemplate[]> {
    await this.templatesOf(userId);
    await this.knex.transaction(async (trx) => {
      const mine = new Set(
        ((await this.templates.of(userId, trx).rows().forUpdate().select('id')) as { id: number }[]).map((row) => row.id),
      );
      const kept = input.templates.flatMap((template) => (template.id === null ? [] : [template.id]));
      const unknown = kept.findIndex((id) => !mine.has(id));
      if (unknown >= 0) throw new HttpError(400, TEMPLATE_NOT_FOUND, [{ path: `templates.${unknown}.id`, message: TEMPLATE_NOT_FOUND }]);
      await this.templates.of(userId, trx).rows().whereNotIn('id', kept).delete();
      for (const [position, template] of input.templates.entries()) {
        const values = { name: template.name, purpose: template.purpose, body: template.body, position };
        if (template.id === null) await this.templates.of(userId, trx).insert(values);
        else await this.templates.of(userId, trx).byId(template.id).update(values);
      }
    });
    return this.templatesOf(userId);
  }

  /** The contact's policy a message names: the one asked for, else the active one renewing first, else the latest. */
  private async policyFor(userId: string, contactId: number, policyId: number | null): Promise<ContactPolicySummary | null> {
    if (!this.finance) return null;
    const policies = await this.finance.call(FINANCE_OPERATIONS.contactPolicies, { params: { userId, id: contactId } });
    if (policyId !== null) {
      const chosen = policies.find((policy) => policy.id === policyId);
      if (!chosen)
        throw new HttpError(400, 'Esta apólice não é do contato.', [{ path: 'policyId', message: 'Esta apólice não é do contato.' }]);
      return chosen;
    }
    const active = policies.filter((policy) => policy.status === 'active').sort((a, b) => a.renewalDate.localeCompare(b.renewalDate));
    return active[0] ?? policies.sort((a, b) => b.renewalDate.localeCompare(a.renewalDate))[0] ?? null;
  }

  /**
   * POST /api/contacts/{id}/whatsapp: the template filled for the contact (and their policy), the
   * wa.me link to their mobile, and an immutable timeline entry with the final text. A marketing
   * template needs the contact's marketing consent.
   */
  async whatsapp(user: SessionUser, contactId: number, input: WhatsappInput): Promise<WhatsappLink> {
    const contact = await this.contact(user.id, contactId);
    // Erased under the retention duty (LGPD): the policy is kept, the person is not to be contacted.
    if (contact.blockedAt) throw new HttpError(409, CONTACT_BLOCKED);
    await this.templatesOf(user.id);
    const template = (await this.templates.of(user.id).byId(input.templateId).first('id', 'name', 'purpose', 'body')) as
      MessageTemplate | undefined;
    if (!template) throw new HttpError(400, TEMPLATE_NOT_FOUND, [{ path: 'templateId', message: TEMPLATE_NOT_FOUND }]);
    if (template.purpose === 'marketing' && !contact.consentMarketing) throw new HttpError(409, NO_MARKETING);
    // WhatsApp reaches mobiles only: a landline (or a number without its DDD) has no link to open.
    if (!contact.phoneE164 || !isMobileNumber(contact.phone)) throw new HttpError(400, NO_MOBILE);
    const needsPolicy = templateVariables(template.body).some((name) => name !== 'nome');
    const policy = needsPolicy || input.policyId !== null ? await this.policyFor(user.id, contactId, input.policyId) : null;
    if (needsPolicy && !policy) throw new HttpError(400, NO_POLICY, [{ path: 'templateId', message: NO_POLICY }]);
    // The provisional number means nothing to the client: the insurer's is typed first.
    if (policy?.awaitingNumber && templateVariables(template.body).includes('numero_apolice'))
      throw new HttpError(409, AWAITING_NUMBER, [{ path: 'templateId', message: AWAITING_NUMBER }]);
    const insurers = policy?.insurerId ? (await this.reference(user.id)).insurers : [];
    const values: Record<string, string> = {
      nome: contact.name,
      ...(policy
        ? {
            numero_apolice: policy.policyNumber,
            fim_vigencia: formatDate(policy.renewalDate),
            seguradora: insurers.find((insurer) => insurer.id === policy.insurerId)?.name ?? 'seguradora',
          }
        : {}),
    };
    const text = renderTemplate(template.body, values);
    const provider = this.whatsappProvider
      ? await this.whatsappProvider.prepareTemplated(user, {
          contactId,
          link: String(template.id),
          text,
          values,
          order: templateVariables(template.body),
          failure: { templateName: template.name, contactName: contact.name },
        })
      : null;
    const { entry, queued } = await this.knex.transaction(async (trx) => {
      // The consent is read again under the contact's row lock, in the transaction that records the
      // message: a withdrawal committed meanwhile is seen here (and refuses), one arriving now waits
      // for this message to be recorded first. The timeline never shows marketing after a withdrawal.
      const locked = (await this.contacts.of(user.id, trx).byId(contactId).forUpdate().first('consentMarketing')) as
        { consentMarketing: boolean } | undefined;
      if (!locked) throw new HttpError(404, NOT_FOUND.contact);
      if (template.purpose === 'marketing' && !locked.consentMarketing) throw new HttpError(409, NO_MARKETING);
      await this.contacts.of(user.id, trx).byId(contactId).update({ lastContact: trx.fn.now() });
      await warmContactCards(trx, user.id, contactId);
      const message = provider ? await this.whatsappProvider!.queue(trx, user, provider, { onTimeline: false }) : null;
      const recorded = await this.insert(trx, user, contactId, {
        kind: 'whatsapp',
        templateName: template.name,
        purpose: template.purpose,
        // Through the provider: what the client receives (the Meta template's words outside the window).
        text: provider ? provider.outgoing.text : text,
        whatsappMessageId: message?.id ?? null,
      });
      return { entry: recorded, queued: message };
    });
    if (!provider || !queued)
      return { url: `https://wa.me/${contact.phoneE164.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`, entry };
    const message = await this.whatsappProvider!.dispatch(user, provider, queued);
    return { url: null, entry: { ...entry, status: message.status } as TimelineEntry, message };
  }
}
