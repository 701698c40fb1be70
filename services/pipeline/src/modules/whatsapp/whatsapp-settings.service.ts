import { randomBytes } from 'node:crypto';
import {
  CONVERSATION_CATEGORIES,
  DEFAULT_CONVERSATION_RATES_CENTS,
  WHATSAPP_AUTOMATION_VALUES,
  WHATSAPP_MESSAGES,
  centsToWire,
  type ConversationCategory,
  type WhatsappProviderKind,
  type WhatsappChannel,
  type WhatsappSettings,
  type WhatsappSettingsInput,
  type WhatsappUsage,
} from '@corretora/contracts';
import { HttpError, type BrokerScopedTable, type SecretBox } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { tables } from '../../tables';

interface SettingsRow {
  userId: string;
  provider: WhatsappProviderKind;
  phoneNumberId: string | null;
  businessAccountId: string | null;
  tokenSealed: string | null;
  appSecretSealed: string | null;
  verifyToken: string;
  rates: Partial<Record<ConversationCategory, number>>;
  templateLinks: Record<string, number>;
  assistantsOwnOnly: boolean;
}

/** The Cloud API's credentials of a brokerage, opened: only the server holds them, never an answer. */
export interface CloudAccount {
  userId: string;
  phoneNumberId: string;
  businessAccountId: string;
  token: string;
  appSecret: string;
}

const tokenContext = (userId: string) => `whatsapp-token:${userId}`;
const secretContext = (userId: string) => `whatsapp-app-secret:${userId}`;
export const WEBHOOK_PATH = '/api/whatsapp/webhook';
const NUMBER_TAKEN = 'Este número do WhatsApp já está conectado a outra corretora.';
const LINK_UNKNOWN = 'Modelo não encontrado: atualize a página e escolha de novo.';

/** Whether the brokerage shows its assistants only the conversations passed to them (the kit's limitsAssistants). */
export async function assistantsOwnConversations(knex: Knex, userId: string): Promise<boolean> {
  const row = (await tables.scoped(knex, 'whatsapp_settings').of(userId).rows().first('assistantsOwnOnly')) as
    { assistantsOwnOnly: boolean } | undefined;
  return row?.assistantsOwnOnly ?? false;
}

/**
 * How a brokerage uses WhatsApp: wa.me links (the default, as before #62) or its number on the Cloud
 * API, whose token and app secret are sealed with the kit's SecretBox, bound to the brokerage.
 */
export class WhatsappSettingsService {
  private readonly settings: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly box: SecretBox | undefined,
    private readonly appUrl: string,
  ) {
    this.settings = tables.scoped(knex, 'whatsapp_settings');
  }

  private async row(userId: string, trx: Knex | Knex.Transaction = this.knex): Promise<SettingsRow> {
    const found = (await this.settings.of(userId, trx).rows().first()) as SettingsRow | undefined;
    if (found) return found;
    // A brokerage's verify token exists from its first read, so the setup page can show it before saving.
    await this.settings
      .of(userId, trx)
      .insert({ verifyToken: randomBytes(24).toString('base64url') })
      .onConflict('user_id')
      .ignore();
    return (await this.settings.of(userId, trx).rows().first()) as SettingsRow;
  }

  private answer(row: SettingsRow): WhatsappSettings {
    return {
      provider: row.provider,
      phoneNumberId: row.phoneNumberId,
      businessAccountId: row.businessAccountId,
      hasToken: row.tokenSealed !== null,
      hasAppSecret: row.appSecretSealed !== null,
      verifyToken: row.verifyToken,
      webhookUrl: `${this.appUrl}${WEBHOOK_PATH}`,
      rates: Object.fromEntries(
        CONVERSATION_CATEGORIES.map(({ value }) => [value, centsToWire(row.rates[value] ?? DEFAULT_CONVERSATION_RATES_CENTS[value])]),
      ) as Record<ConversationCategory, string>,
      templateLinks: row.templateLinks,
      assistantsOwnOnly: row.assistantsOwnOnly,
    };
  }

  async get(userId: string): Promise<WhatsappSettings> {
    return this.answer(await this.row(userId));
  }

  async channel(userId: string): Promise<WhatsappChannel> {
    const row = await this.row(userId);
    return { provider: row.provider, connected: this.open(row) !== null };
  }

  /**
   * A month's sends through the provider by the category Meta bills (a template's own; a reply inside
   * the window is service), at the brokerage's rates; failed sends cost nothing and are left out. The
   * month is São Paulo's.
   */
  async usage(userId: string, month: string): Promise<WhatsappUsage> {
    const row = await this.row(userId);
    const inMonth = "to_char(created_at at time zone 'America/Sao_Paulo', 'YYYY-MM') = ?";
    const messages = tables.scoped(this.knex, 'whatsapp_messages');
    const [sent, received] = await Promise.all([
      messages
        .of(userId)
        .rows()
        .where({ direction: 'out' })
        .whereNot({ status: 'failed' })
        .whereRaw(inMonth, [month])
        .groupBy('category')
        .select('category', this.knex.raw('count(*)::int as count')) as Promise<{ category: ConversationCategory; count: number }[]>,
      messages
        .of(userId)
        .rows()
        .where({ direction: 'in' })
        .whereRaw(inMonth, [month])
        .first(this.knex.raw('count(*)::int as count')) as Promise<{ count: number }>,
    ]);
    const counts = new Map(sent.map((entry) => [entry.category, entry.count]));
    let total = 0;
    const categories = CONVERSATION_CATEGORIES.map(({ value }) => {
      const rate = row.rates[value] ?? DEFAULT_CONVERSATION_RATES_CENTS[value];
      const count = counts.get(value) ?? 0;
      total += rate * count;
      return { category: value, count, rate: centsToWire(rate), cost: centsToWire(rate * count) };
    });
    return { month, categories, received: received.count, total: centsToWire(total) };
  }

  async save(userId: string, input: WhatsappSettingsInput): Promise<WhatsappSettings> {
    return this.knex
      .transaction(async (trx) => {
        const current = await this.row(userId, trx);
        const sealing = input.token !== undefined || input.appSecret !== undefined;
        if (sealing && !this.box) throw new HttpError(400, WHATSAPP_MESSAGES.noKey);
        const next = {
          provider: input.provider,
          phoneNumberId: input.phoneNumberId === undefined ? current.phoneNumberId : input.phoneNumberId,
          businessAccountId: input.businessAccountId === undefined ? current.businessAccountId : input.businessAccountId,
          tokenSealed: input.token === undefined ? current.tokenSealed : this.box!.seal(input.token, tokenContext(userId)),
          appSecretSealed: input.appSecret === undefined ? current.appSecretSealed : this.box!.seal(input.appSecret, secretContext(userId)),
          templateLinks: JSON.stringify(await this.links(userId, trx, current.templateLinks, input.templateLinks)),
          assistantsOwnOnly: input.assistantsOwnOnly ?? current.assistantsOwnOnly,
          rates: JSON.stringify({
            ...current.rates,
            ...Object.fromEntries(Object.entries(input.rates ?? {}).filter((entry) => entry[1] !== null)),
          }),
          updatedAt: trx.fn.now(),
        };
        if (next.provider === 'cloud' && (!next.phoneNumberId || !next.businessAccountId || !next.tokenSealed || !next.appSecretSealed))
          throw new HttpError(400, WHATSAPP_MESSAGES.cloudNeedsCredentials);
        const [saved] = (await this.settings.of(userId, trx).rows().update(next).returning('*')) as SettingsRow[];
        return this.answer(saved!);
      })
      .catch((error: unknown) => {
        // A number is one brokerage's: Meta's webhook names the number, which must name one brokerage.
        if ((error as { constraint?: string }).constraint === 'whatsapp_settings_phone_number_id_key')
          throw new HttpError(409, NUMBER_TAKEN, [{ path: 'phoneNumberId', message: NUMBER_TAKEN }]);
        throw error;
      });
  }

  /**
   * The links as saved: those sent replace the kept ones (null removes one); every key must be the
   * brokerage's own message template (or an automation's name) and every id a synced template (another's is refused like a made-up one).
   */
  private async links(
    userId: string,
    trx: Knex.Transaction,
    current: Record<string, number>,
    sent: Record<string, number | null> | undefined,
  ): Promise<Record<string, number>> {
    if (!sent) return current;
    const entries = Object.entries(sent);
    const [messageTemplates, synced] = await Promise.all([
      tables
        .scoped(trx, 'message_templates')
        .of(userId, trx)
        .rows()
        .whereIn(
          'id',
          entries.flatMap(([id]) => (/^\d+$/.test(id) ? [Number(id)] : [])),
        )
        .pluck('id'),
      tables
        .scoped(trx, 'whatsapp_templates')
        .of(userId, trx)
        .rows()
        .whereIn(
          'id',
          entries.flatMap(([, id]) => (id === null ? [] : [id])),
        )
        .pluck('id'),
    ]);
    // The brokerage's message templates, and the product's own sends (a comparison, an overdue instalment).
    const known = new Set([...(messageTemplates as number[]).map(String), ...WHATSAPP_AUTOMATION_VALUES]);
    const knownSynced = new Set(synced as number[]);
    const next = { ...current };
    for (const [messageTemplateId, templateId] of entries) {
      if (!known.has(messageTemplateId) || (templateId !== null && !knownSynced.has(templateId)))
        throw new HttpError(400, LINK_UNKNOWN, [{ path: `templateLinks.${messageTemplateId}`, message: LINK_UNKNOWN }]);
      if (templateId === null) delete next[messageTemplateId];
      else next[messageTemplateId] = templateId;
    }
    return next;
  }

  /** The synced template that carries a message template (its id as text) or an automation outside the window, if one is linked. */
  async linkedTemplate(userId: string, link: string): Promise<number | null> {
    const row = await this.row(userId);
    return row.templateLinks[link] ?? null;
  }

  /** The brokerage's Cloud API account, opened; null while it uses wa.me links. */
  async cloudAccount(userId: string): Promise<CloudAccount | null> {
    const row = await this.row(userId);
    return this.open(row);
  }

  async templatesSyncedAt(userId: string): Promise<Date | null> {
    const row = (await this.settings.of(userId).rows().first('templatesSyncedAt')) as { templatesSyncedAt: Date | null } | undefined;
    return row?.templatesSyncedAt ?? null;
  }

  async markTemplatesSynced(userId: string, trx: Knex.Transaction): Promise<void> {
    await this.settings.of(userId, trx).rows().update({ templatesSyncedAt: trx.fn.now() });
  }

  /** Whose number a webhook's delivery names (Meta's `metadata.phone_number_id`). */
  async cloudAccountByNumber(phoneNumberId: string): Promise<CloudAccount | null> {
    const row = (await this.knex('whatsapp_settings').where({ phoneNumberId, provider: 'cloud' }).first()) as SettingsRow | undefined;
    return row ? this.open(row) : null;
  }

  /** Whether `token` is some brokerage's verify token (Meta's subscription check names no number). */
  async isVerifyToken(token: string): Promise<boolean> {
    return Boolean(await this.knex('whatsapp_settings').where({ verifyToken: token }).first('userId'));
  }

  private open(row: SettingsRow): CloudAccount | null {
    if (row.provider !== 'cloud' || !this.box || !row.phoneNumberId || !row.businessAccountId || !row.tokenSealed || !row.appSecretSealed)
      return null;
    return {
      userId: row.userId,
      phoneNumberId: row.phoneNumberId,
      businessAccountId: row.businessAccountId,
      token: this.box.open(row.tokenSealed, tokenContext(row.userId)),
      appSecret: this.box.open(row.appSecretSealed, secretContext(row.userId)),
    };
  }
}
