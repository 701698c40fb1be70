import { DISCLOSURE_REQUIRED_REFUSAL, type DisclosureStatus, type QuoteSettings, type QuoteSettingsInput } from '@corretora/contracts';
import { type BrokerScopedTable, HttpError } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { tables } from '../../tables';

/**
 * The brokerage's quoting rules and the CNSP 382 state of a deal: whether its client got the
 * disclosure for the quote it closes with (the won quote; before one is chosen, any of the deal's),
 * and whether closing without it is refused or only warned about.
 */
export class QuoteSettingsService {
  private readonly settings: BrokerScopedTable;
  private readonly quotes: BrokerScopedTable;
  private readonly sends: BrokerScopedTable;

  constructor(private readonly knex: Knex) {
    this.settings = tables.scoped(knex, 'quote_settings');
    this.quotes = tables.scoped(knex, 'quotes');
    this.sends = tables.scoped(knex, 'quote_disclosures');
  }

  async answer(userId: string): Promise<QuoteSettings> {
    const row = (await this.settings.of(userId).rows().first('disclosureRequired', 'updatedAt')) as
      { disclosureRequired: boolean; updatedAt: Date } | undefined;
    return { disclosureRequired: row?.disclosureRequired ?? false, updatedAt: row ? row.updatedAt.toISOString() : null };
  }

  async set(userId: string, input: QuoteSettingsInput): Promise<QuoteSettings> {
    await this.knex.raw(
      `insert into quote_settings (user_id, disclosure_required) values (?, ?)
       on conflict (user_id) do update set disclosure_required = excluded.disclosure_required, updated_at = now()`,
      [userId, input.disclosureRequired],
    );
    return this.answer(userId);
  }

  /**
   * The deal's CNSP 382 state; the caller has checked the member may see the card. `quoteId`: the
   * quote it is about to close with ("Fechar com esta cotação"); else the won one, else any of the deal's.
   */
  async status(userId: string, cardId: number, quoteId: number | null = null): Promise<DisclosureStatus> {
    const { rows } = await this.knex.raw<{ rows: { chosenId: number | null; quoteId: number | null; sentAt: Date | null }[] }>(
      `with deal as (select q.id, q.status from ? where q.card_id = ?),
            chosen as (select coalesce(?::int, (select id from deal where status = 'won' order by id limit 1)) as id),
            last as (
              select d.quote_id, d.sent_at from ?
               where d.quote_id in (select id from deal)
                 and ((select id from chosen) is null or d.quote_id = (select id from chosen))
               order by d.sent_at desc, d.id desc limit 1)
       select (select id from chosen) as "chosenId", (select quote_id from last) as "quoteId", (select sent_at from last) as "sentAt"`,
      [this.quotes.of(userId).from('q'), cardId, quoteId, this.sends.of(userId).from('d')],
    );
    const row = rows[0];
    const { disclosureRequired } = await this.answer(userId);
    return {
      required: disclosureRequired,
      sent: row?.sentAt != null,
      sentAt: row?.sentAt ? new Date(row.sentAt).toISOString() : null,
      quoteId: row?.chosenId ?? row?.quoteId ?? null,
    };
  }

  /** Refuses (409) a sale entering Finalizado or being issued without the disclosure, where the brokerage requires it. */
  async assertClosable(userId: string, cardId: number, quoteId: number | null = null): Promise<DisclosureStatus> {
    const status = await this.status(userId, cardId, quoteId);
    if (status.required && !status.sent) throw new HttpError(409, DISCLOSURE_REQUIRED_REFUSAL);
    return status;
  }
}
