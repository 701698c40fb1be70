import {
  NOT_FOUND,
  PIPELINE_OPERATIONS,
  centsToWire,
  wireToCents,
  plateSearchKey,
  saoPauloDay,
  type CardRef,
  type InsuredItem,
  type PipelineCard,
  type QuoteWinInput,
  type Quote,
  type QuoteCreateInput,
  type QuoteUpdateInput,
  type LineKey,
  type RenewalQuoteAnswer,
  type RenewalQuoteInput,
  type QuoteImportResult,
} from '@corretora/contracts';
import { type BrokerScopedTable, HttpError, type InternalClient, type SheetFile } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { tables } from '../../tables';
import type { PipelineLookup } from '../pipeline/pipeline-lookup';
import type { QuoteSettingsService } from './quote-settings.service';
import { quotesOfSheet } from './quote-sheet';

/**
 * A quote as the API answers it, built by Postgres: money as its numeric's text, the commission in
 * reais as commission % × net premium rounded to the centavo (half up: `round` on numeric), the
 * validity as YYYY-MM-DD.
 */
const COLUMNS = `q.id, q.card_id as "cardId", q.renewal_id as "renewalId", q.contact_id as "contactId", q.insurer_id as "insurerId", q.line,
  q.total_premium::text as "totalPremium", q.net_premium::text as "netPremium", q.iof::text as iof,
  q.payment_options as "paymentOptions", q.deductible, q.coverages, q.commission_percent::text as "commissionPercent",
  round(q.net_premium * q.commission_percent / 100, 2)::text as "commissionAmount",
  to_char(q.valid_until, 'YYYY-MM-DD') as "validUntil", q.insurer_quote_number as "insurerQuoteNumber",
  q.document_id as "documentId", q.status, q.insured_item as "insuredItem", q.note, q.responsible_id as "responsibleId",
  q.created_at as "createdAt", q.updated_at as "updatedAt",
  (select json_build_object('sentAt', d.sent_at, 'channel', d.channel, 'sha256', d.sha256, 'documentId', d.document_id)
     from quote_disclosures d where d.quote_id = q.id order by d.sent_at desc, d.id desc limit 1) as disclosure`;

const NOT_A_DOCUMENT = 'Documento não encontrado.';
const NOT_AN_INSURER = 'Selecione uma das suas seguradoras.';
const ISSUED_DEAL = 'Este negócio já tem apólice emitida: as cotações ficam como estão.';
const WON_QUOTE = 'Esta cotação fechou o negócio e não pode ser alterada nem excluída.';

const money = (cents: number | null | undefined) => (cents === null || cents === undefined ? null : centsToWire(cents));

type QuoteValues = Partial<QuoteCreateInput>;

/** What a renewal's quote takes from the renewal and its policy. */
interface RenewalDeal {
  status: string;
  responsibleId: string;
  contactId: number | null;
  line: LineKey;
  insuredItem: InsuredItem | null;
}

const withPremium = (quote: Quote): RenewalQuoteAnswer => ({ ...quote, premium: quote.totalPremium });

/** The columns a quote's values are written to (only the keys present: a PATCH changes only what it sends). */
function columnsOf(input: QuoteValues): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  const put = (key: keyof QuoteValues, column: string, value: (given: never) => unknown) => {
    if (input[key] !== undefined) row[column] = value(input[key] as never);
  };
  put('insurerId', 'insurerId', (id: number) => id);
  put('line', 'line', (line: string) => line);
  put('totalPremium', 'totalPremium', money);
  put('netPremium', 'netPremium', money);
  put('iof', 'iof', money);
  put('commissionPercent', 'commissionPercent', money);
  put('paymentOptions', 'paymentOptions', (options: QuoteCreateInput['paymentOptions']) =>
    JSON.stringify(options.map((option) => ({ instalments: option.instalments, amount: money(option.amount), interest: option.interest }))),
  );
  put('deductible', 'deductible', (deductible: QuoteCreateInput['deductible']) =>
    deductible === null ? null : JSON.stringify({ kind: deductible.kind, amount: money(deductible.amount) }),
  );
  put('coverages', 'coverages', (coverages: QuoteCreateInput['coverages']) =>
    JSON.stringify(coverages.map((coverage) => ({ ...coverage, limit: money(coverage.limit) }))),
  );
  put('validUntil', 'validUntil', (date: string | null) => date);
  put('insurerQuoteNumber', 'insurerQuoteNumber', (text: string | null) => text);
  put('documentId', 'documentId', (id: number | null) => id);
  put('status', 'status', (status: string) => status);
  put('note', 'note', (text: string | null) => text);
  if (input.insuredItem !== undefined) Object.assign(row, insuredColumns(input.insuredItem ?? null));
  return row;
}

function insuredColumns(item: InsuredItem | null): Record<string, unknown> {
  return {
    insuredItem: item === null ? null : JSON.stringify(item),
    insuredPlate: item?.vehicle?.plate ? plateSearchKey(item.vehicle.plate) : null,
  };
}

/**
 * Quotes on a deal: a pipeline card's (the pipeline says whether the acting member may see the card,
 * whose deal it is and what it insures) or, later, a renewal's. The broker scope narrows a producer
 * to their own deals' quotes; an assistant reads them without the commission (the route drops it).
 */
export class QuotesService {
  private readonly quotes: BrokerScopedTable;
  private readonly documents: BrokerScopedTable;
  private readonly renewals: BrokerScopedTable;
  private readonly policies: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly pipeline: InternalClient,
    private readonly contacts: PipelineLookup,
    private readonly insurerIds: (userId: string) => Promise<readonly { id: number; name: string }[]>,
    private readonly settings: QuoteSettingsService,
  ) {
    this.quotes = tables.scoped(knex, 'quotes');
    this.documents = tables.scoped(knex, 'documents');
    this.renewals = tables.scoped(knex, 'renewals');
    this.policies = tables.scoped(knex, 'policies');
  }

  /** The card as the acting member sees it: another member's or broker's is the card's 404. */
  async card(userId: string, cardId: number): Promise<CardRef> {
    try {
      return await this.pipeline.call(PIPELINE_OPERATIONS.cardRef, { params: { userId, id: cardId } });
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) throw new HttpError(404, NOT_FOUND.card);
      throw error;
    }
  }

  private async list(userId: string, where: string, bindings: readonly Knex.Value[]): Promise<Quote[]> {
    const { rows } = await this.knex.raw<{ rows: Quote[] }>(`select ${COLUMNS} from ? where ${where} order by q.total_premium, q.id`, [
      this.quotes.of(userId).from('q'),
      ...bindings,
    ]);
    return rows;
  }

  /** One quote the acting member sees (undefined: another member's, another broker's, or none). */
  get(userId: string, id: number): Promise<Quote | undefined> {
    return this.one(userId, id);
  }

  private async one(userId: string, id: number, trx: Knex | Knex.Transaction = this.knex): Promise<Quote | undefined> {
    const { rows } = await trx.raw<{ rows: Quote[] }>(`select ${COLUMNS} from ? where q.id = ?`, [
      this.quotes.of(userId, trx).from('q'),
      id,
    ]);
    return rows[0];
  }

  /** GET /api/pipeline-cards/{id}/quotes: the cheapest first. */
  async ofCard(userId: string, cardId: number): Promise<Quote[]> {
    await this.card(userId, cardId);
    return this.ofCheckedCard(userId, cardId);
  }

  /** The quotes of a card the caller has already looked up (`card`): no second round trip to the pipeline. */
  ofCheckedCard(userId: string, cardId: number): Promise<Quote[]> {
    return this.list(userId, 'q.card_id = ?', [cardId]);
  }

  /** POST /api/pipeline-cards/{id}/quotes: the deal's member responsible, its insured item unless the quote says its own. */
  async createForCard(userId: string, cardId: number, input: QuoteCreateInput): Promise<Quote> {
    const card = await this.card(userId, cardId);
    if (card.status === 'issued') throw new HttpError(409, ISSUED_DEAL);
    await this.contacts.contact(userId, card.contactId);
    await this.check(userId, input);
    const [row] = await this.quotes.of(userId).insert({
      ...columnsOf({ ...input, insuredItem: input.insuredItem === undefined ? card.insuredItem : input.insuredItem }),
      cardId,
      contactId: card.contactId,
      responsibleId: card.responsibleId,
    });
    return (await this.one(userId, (row as { id: number }).id))!;
  }

  /** The renewal as the acting member sees it, with what its quotes take from the policy; another member's or broker's: 404. */
  private async renewal(userId: string, renewalId: number): Promise<RenewalDeal> {
    const { rows } = await this.knex.raw<{ rows: RenewalDeal[] }>(
      `select r.status, r.responsible_id as "responsibleId", p.contact_id as "contactId", p.line, p.insured_item as "insuredItem"
         from ? join ? on p.id = r.policy_id
        where r.id = ?`,
      [this.renewals.of(userId).from('r'), this.policies.of(userId).from('p'), renewalId],
    );
    if (!rows[0]) throw new HttpError(404, NOT_FOUND.renewal);
    return rows[0];
  }

  /** GET /api/renewals/{id}/quotes: the cheapest first, the total premium also as `premium`. */
  async ofRenewal(userId: string, renewalId: number): Promise<RenewalQuoteAnswer[]> {
    await this.renewal(userId, renewalId);
    return (await this.list(userId, 'q.renewal_id = ?', [renewalId])).map(withPremium);
  }

  /**
   * POST /api/renewals/{id}/quotes: a quote for the next term, while the renewal is open; the line,
   * the client and the insured item the policy's unless the quote says its own; the renewal's member.
   */
  async createForRenewal(userId: string, renewalId: number, input: RenewalQuoteInput): Promise<RenewalQuoteAnswer> {
    const renewal = await this.renewal(userId, renewalId);
    if (renewal.status !== 'open') throw new HttpError(409, 'Esta renovação já foi decidida.');
    if (renewal.contactId !== null) await this.contacts.contact(userId, renewal.contactId);
    await this.check(userId, input);
    const [row] = await this.quotes.of(userId).insert({
      ...columnsOf({
        ...input,
        line: input.line ?? renewal.line,
        insuredItem: input.insuredItem === undefined ? renewal.insuredItem : input.insuredItem,
      }),
      renewalId,
      contactId: renewal.contactId,
      responsibleId: renewal.responsibleId,
    });
    return withPremium((await this.one(userId, (row as { id: number }).id))!);
  }

  /**
   * POST /api/pipeline-cards/{id}/quotes/import: a sheet's quotes, one a row, all written in one
   * transaction or none (quotesOfSheet refuses a sheet with any row in error); each as a typed one.
   */
  async importForCard(userId: string, cardId: number, sheet: SheetFile, line: LineKey): Promise<QuoteImportResult> {
    const card = await this.card(userId, cardId);
    if (card.status === 'issued') throw new HttpError(409, ISSUED_DEAL);
    await this.contacts.contact(userId, card.contactId);
    const { quotes, columns } = quotesOfSheet(sheet, line, await this.insurerIds(userId));
    const rows = await this.knex.transaction(async (trx) =>
      this.quotes.of(userId, trx).insertMany(
        quotes.map((quote) => ({
          ...columnsOf({ ...quote, insuredItem: card.insuredItem }),
          cardId,
          contactId: card.contactId,
          responsibleId: card.responsibleId,
        })),
      ),
    );
    const made = new Set(rows.map((row) => row.id as number));
    return { quotes: (await this.ofCheckedCard(userId, cardId)).filter((quote) => made.has(quote.id)), columns };
  }

  /** PATCH /api/quotes/{id}: only what is sent; a quote that closed its deal stays as it is. */
  async update(userId: string, id: number, input: QuoteUpdateInput): Promise<Quote> {
    await this.check(userId, input);
    return this.knex.transaction(async (trx) => {
      const current = (await this.quotes
        .of(userId, trx)
        .byId(id)
        .forUpdate()
        .first('status', 'contactId', trx.raw('total_premium::text as "totalPremium"'))) as
        { status: string; contactId: number | null; totalPremium: string } | undefined;
      if (!current) throw new HttpError(404, NOT_FOUND.quote);
      if (current.status === 'won') throw new HttpError(409, WON_QUOTE);
      const changes = columnsOf(input);
      const total = input.totalPremium ?? wireToCents(current.totalPremium);
      if (input.netPremium !== undefined && input.netPremium !== null && total !== null && input.netPremium > total)
        throw fieldError('netPremium', 'O prêmio líquido não pode passar do total');
      if (Object.keys(changes).length > 0) {
        if (current.contactId !== null) await this.contacts.contact(userId, current.contactId);
        await this.quotes
          .of(userId, trx)
          .byId(id)
          .update({ ...changes, updatedAt: trx.fn.now() });
      }
      return (await this.one(userId, id, trx))!;
    });
  }

  /** DELETE /api/quotes/{id}: any quote but the one that closed its deal. */
  async remove(userId: string, id: number): Promise<void> {
    const current = (await this.quotes.of(userId).byId(id).first('status')) as { status: string } | undefined;
    if (!current) throw new HttpError(404, NOT_FOUND.quote);
    if (current.status === 'won') throw new HttpError(409, WON_QUOTE);
    await this.quotes.of(userId).byId(id).delete();
  }

  /**
   * POST /api/quotes/{id}/win, "Fechar com esta cotação": the card goes to Finalizado with the quote's
   * sale (the pipeline finalizes it as the form would, and keeps the quote's id for the policy); then
   * this quote is won and the deal's others lost. If the pipeline refuses, nothing here changes.
   */
  async win(userId: string, id: number, input: QuoteWinInput): Promise<PipelineCard> {
    const quote = await this.one(userId, id);
    if (!quote) throw new HttpError(404, NOT_FOUND.quote);
    if (quote.cardId === null) throw new HttpError(409, 'Esta cotação é de uma renovação: feche-a em Renovações.');
    if (quote.status === 'won') throw new HttpError(409, 'Este negócio já foi fechado com esta cotação.');
    const total = wireToCents(quote.totalPremium)!;
    if (quote.netPremium === null) throw new HttpError(409, 'Informe o prêmio líquido da cotação antes de fechar com ela.');
    const net = wireToCents(quote.netPremium)!;
    const iof = quote.iof === null ? total - net : wireToCents(quote.iof)!;
    const juros = total - net - iof;
    if (juros < 0) throw new HttpError(409, 'Os valores da cotação não fecham: o prêmio total é menor que o líquido mais o IOF.');
    await this.settings.assertClosable(userId, quote.cardId, quote.id);
    const startDate = input.startDate ?? saoPauloDay(new Date());
    const card = await this.callPipeline(() =>
      this.pipeline.call(PIPELINE_OPERATIONS.finalizeFromQuote, {
        params: { userId, id: quote.cardId! },
        body: {
          quoteId: quote.id,
          sale: {
            insurerId: quote.insurerId,
            startDate,
            endDate: input.endDate ?? oneYearAfter(startDate),
            premioLiquido: centsToWire(net),
            iof: centsToWire(iof),
            juros: centsToWire(juros),
            totalPremium: centsToWire(total),
            commissionPercentage: quote.commissionPercent ?? null,
            commissionAmount: null,
            documentType: null,
          },
        },
      }),
    );
    await this.knex.transaction(async (trx) => {
      await this.quotes.of(userId, trx).byId(id).update({ status: 'won', decidedAt: trx.fn.now(), updatedAt: trx.fn.now() });
      await this.quotes
        .of(userId, trx)
        .rows()
        .where({ cardId: quote.cardId })
        .whereNot({ id })
        .update({ status: 'lost', decidedAt: trx.fn.now(), updatedAt: trx.fn.now() });
    });
    return card;
  }

  /** A pipeline refusal about the card (gone, archived, issued) answers as the card's own. */
  private async callPipeline<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) throw new HttpError(404, NOT_FOUND.card);
      throw error;
    }
  }

  /** The insurer is one of the brokerage's, the PDF one of its documents the member sees. */
  private async check(userId: string, input: QuoteValues): Promise<void> {
    if (input.insurerId !== undefined && !(await this.insurerIds(userId)).some((insurer) => insurer.id === input.insurerId))
      throw fieldError('insurerId', NOT_AN_INSURER);
    if (
      input.documentId !== undefined &&
      input.documentId !== null &&
      !(await this.documents.of(userId).byId(input.documentId).first('id'))
    )
      throw fieldError('documentId', NOT_A_DOCUMENT);
  }
}

/** The day a year after an ISO day (29/02 becomes 28/02). */
function oneYearAfter(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const next = new Date(Date.UTC(year + 1, month - 1, date));
  if (next.getUTCMonth() !== month - 1) next.setUTCDate(0);
  return next.toISOString().slice(0, 10);
}

function fieldError(path: string, message: string): HttpError {
  return new HttpError(400, message, [{ path, message }]);
}
