import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  OUTBOUND_STATUS_RANK,
  formatPhone,
  parseBrazilianPhone,
  type WhatsappMessageKind,
  type WhatsappMessageStatus,
} from '@corretora/contracts';
import { HttpError, inLockedTransaction, type BrokerScopedTable, type Jobs } from '@corretora/service-kit';
import { MEDIA_JOB } from './whatsapp-media.service';
import type { Knex } from 'knex';
import { tables } from '../../tables';
import type { CloudAccount, WhatsappSettingsService } from './whatsapp-settings.service';
import { messageOnTimeline } from './message-timeline';

const FORGED = 'Assinatura do webhook inválida.';
const PREVIEW_MAX = 200;

/** One inbound message of a delivery, as the store keeps it. */
interface Inbound {
  providerMessageId: string;
  from: string;
  profileName: string | null;
  kind: WhatsappMessageKind;
  text: string;
  at: Date;
  /** An image, document or audio: Meta's id of the file and what it said of it (fetched later, by a job). */
  media?: { id: string; mime: string; name: string | null; sha256: string | null };
}

interface StatusUpdate {
  providerMessageId: string;
  status: WhatsappMessageStatus;
  error: string | null;
}

interface Change {
  phoneNumberId: string;
  messages: Inbound[];
  statuses: StatusUpdate[];
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown, max: number): string => (typeof value === 'string' ? value.slice(0, max) : '');

/** Meta's `timestamp` (seconds, as text); now when it is missing or absurd. */
function instant(value: unknown): Date {
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 1e9 && seconds < 1e11 ? new Date(seconds * 1000) : new Date();
}

const MEDIA_LABEL: Record<string, string> = { image: 'Imagem', document: 'Documento', audio: 'Áudio' };

function inbound(message: Record<string, unknown>, names: Map<string, string>): Inbound | null {
  const providerMessageId = text(message.id, 200);
  const from = text(message.from, 20).replace(/\D/g, '');
  if (!providerMessageId || !from) return null;
  const type = text(message.type, 20);
  const base = { providerMessageId, from, profileName: names.get(from) ?? null, at: instant(message.timestamp) };
  if (type === 'text') return { ...base, kind: 'text', text: text(record(message.text).body, 4096) };
  if (type === 'image' || type === 'document' || type === 'audio') {
    const media = record(message[type]);
    const said = text(media.caption, 1024) || text(media.filename, 240);
    const id = text(media.id, 200);
    const sha256 = text(media.sha256, 100);
    return {
      ...base,
      kind: type,
      text: said ? `${MEDIA_LABEL[type]}: ${said}` : MEDIA_LABEL[type]!,
      ...(/^[\w.-]{1,200}$/.test(id)
        ? {
            media: {
              id,
              mime: text(media.mime_type, 100).split(';')[0]!.trim() || 'application/octet-stream',
              name: text(media.filename, 240) || null,
              sha256: /^[A-Za-z0-9+/=]{20,64}$|^[a-f0-9]{64}$/.test(sha256) ? sha256 : null,
            },
          }
        : {}),
    };
  }
  // A sticker, a location, a reaction…: kept as what it is, so the conversation shows the client wrote.
  return { ...base, kind: 'text', text: `Mensagem do tipo ${type || 'desconhecido'} (abra o WhatsApp para vê-la)` };
}

const STATUS: Record<string, WhatsappMessageStatus> = { sent: 'sent', delivered: 'delivered', read: 'read', failed: 'failed' };

/** A delivery's changes, read defensively: anything that is not what Meta sends is left out. */
function changesOf(body: unknown): Change[] {
  return list(record(body).entry).flatMap((entry) =>
    list(record(entry).changes).flatMap((change) => {
      const value = record(record(change).value);
      const phoneNumberId = text(record(value.metadata).phone_number_id, 30);
      if (!/^\d{5,30}$/.test(phoneNumberId)) return [];
      const names = new Map(
        list(value.contacts).map((contact) => [
          text(record(contact).wa_id, 20).replace(/\D/g, ''),
          text(record(record(contact).profile).name, 120),
        ]),
      );
      return [
        {
          phoneNumberId,
          messages: list(value.messages).flatMap((message) => inbound(record(message), names) ?? []),
          statuses: list(value.statuses).flatMap((status) => {
            const id = text(record(status).id, 200);
            const state = STATUS[text(record(status).status, 20)];
            if (!id || !state) return [];
            const error = list(record(status).errors)[0];
            return [{ providerMessageId: id, status: state, error: error ? text(record(error).title, 300) || 'Falha no envio' : null }];
          }),
        },
      ];
    }),
  );
}

/** Meta's X-Hub-Signature-256: 'sha256=' and the HMAC-SHA256 of the body's exact bytes with the app's secret. */
export function signatureMatches(raw: string, header: string | undefined, appSecret: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', appSecret).update(raw, 'utf8').digest('hex')}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Meta's webhook: every change is checked against the app secret of the brokerage whose number it
 * names before anything is stored (one forged change and the whole delivery is refused); each message
 * is stored once by its id (Meta delivers again until it gets a 200), attached to the contact whose
 * phone matches (with or without the ninth digit) or to a new prospect, and statuses only move forward.
 */
export class WhatsappWebhookService {
  private readonly contacts: BrokerScopedTable;
  private readonly notes: BrokerScopedTable;
  private readonly conversations: BrokerScopedTable;
  private readonly messages: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly settings: WhatsappSettingsService,
    private readonly jobs: Jobs | null = null,
  ) {
    this.contacts = tables.scoped(knex, 'contacts');
    this.notes = tables.scoped(knex, 'notes');
    this.conversations = tables.scoped(knex, 'conversations');
    this.messages = tables.scoped(knex, 'whatsapp_messages');
  }

  async receive(raw: string, body: unknown, signature: string | undefined): Promise<{ received: number }> {
    const changes = changesOf(body);
    const accounts = new Map<string, CloudAccount>();
    for (const change of changes) {
      const account = accounts.get(change.phoneNumberId) ?? (await this.settings.cloudAccountByNumber(change.phoneNumberId));
      if (!account || !signatureMatches(raw, signature, account.appSecret)) throw new HttpError(401, FORGED);
      accounts.set(change.phoneNumberId, account);
    }
    if (changes.length === 0 && !signature) throw new HttpError(401, FORGED);
    let received = 0;
    for (const change of changes) {
      const { userId } = accounts.get(change.phoneNumberId)!;
      for (const message of change.messages) if (await this.store(userId, message)) received += 1;
      for (const status of change.statuses) await this.advance(userId, status);
    }
    return { received };
  }

  /** The contact whose phone is the sender's, or a new prospect with the message as its first note; then the message, once. */
  private store(userId: string, message: Inbound): Promise<boolean> {
    const phone = parseBrazilianPhone(message.from);
    const candidates = phone ? [phone.e164, phone.e164.replace(/^(\+55\d{2})9(\d{8})$/, '$1$2')] : [`+${message.from}`];
    return inLockedTransaction(this.knex, `whatsapp-contact:${userId}:${candidates[0]}`, async (trx) => {
      let contact = (await this.contacts
        .of(userId, trx)
        .rows()
        .whereIn('phoneE164', candidates)
        .orderBy('id')
        .first('id', 'name', 'responsibleId')) as { id: number; name: string; responsibleId: string | null } | undefined;
      if (!contact) {
        const [created] = (await this.contacts.of(userId, trx).insert({
          name: message.profileName || (phone ? formatPhone(phone.national) : `+${message.from}`),
          phone: phone?.national ?? null,
          type: 'prospect',
        })) as { id: number; name: string; responsibleId: string | null }[];
        contact = created!;
        await this.notes.of(userId, trx).insert({ contactId: contact.id, content: `Primeira mensagem pelo WhatsApp: ${message.text}` });
      }
      await this.conversations
        .of(userId, trx)
        .insert({ contactId: contact.id, responsibleId: contact.responsibleId, lastMessageAt: message.at })
        .onConflict(['user_id', 'contact_id'])
        .ignore();
      const conversation = (await this.conversations.of(userId, trx).rows().where({ contactId: contact.id }).first('id')) as { id: number };
      const [stored] = await this.messages
        .of(userId, trx)
        .insert({
          conversationId: conversation.id,
          providerMessageId: message.providerMessageId,
          direction: 'in',
          kind: message.kind,
          text: message.text,
          status: 'received',
          createdAt: message.at,
          ...(message.media
            ? { mediaId: message.media.id, mediaMime: message.media.mime, mediaName: message.media.name, mediaSha256: message.media.sha256 }
            : {}),
        })
        .onConflict(['user_id', 'provider_message_id'])
        .ignore();
      if (!stored) return false;
      // The file comes from Meta after the answer (Meta wants its 200 fast): a job fetches it into the store, retried if Meta fails.
      if (message.media) await this.jobs?.send(MEDIA_JOB, { userId, messageId: (stored as { id: number }).id }, {}, trx);
      await messageOnTimeline(trx, userId, {
        contactId: contact.id,
        messageId: (stored as { id: number }).id,
        direction: 'in',
        text: message.text,
        by: `${contact.name} (cliente, pelo WhatsApp)`,
        at: message.at,
      });
      await this.conversations.of(userId, trx).update(conversation.id, {
        unreadCount: trx.raw('unread_count + 1'),
        lastInboundAt: trx.raw('greatest(last_inbound_at, ?::timestamptz)', [message.at]),
        lastMessagePreview: trx.raw('case when ?::timestamptz >= last_message_at then ? else last_message_preview end', [
          message.at,
          message.text.slice(0, PREVIEW_MAX),
        ]),
        lastMessageAt: trx.raw('greatest(last_message_at, ?::timestamptz)', [message.at]),
      });
      return true;
    });
  }

  /** Delivered, read or failed: a status only moves forward (Meta may deliver 'read' before 'delivered'). */
  private async advance(userId: string, update: StatusUpdate): Promise<void> {
    const rank = OUTBOUND_STATUS_RANK[update.status];
    await this.messages
      .of(userId)
      .rows()
      .where({ providerMessageId: update.providerMessageId, direction: 'out' })
      .whereRaw(
        `(case status when 'sending' then 1 when 'sent' then 2 when 'delivered' then 3 when 'read' then 4 when 'failed' then 5 else 0 end) < ?`,
        [rank],
      )
      .update({ status: update.status, error: update.error });
  }
}
