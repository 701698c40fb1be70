import { createHash, randomBytes } from 'node:crypto';
import {
  BROKER_OPERATIONS,
  COMPARISON_VALID_DAYS,
  FINANCE_OPERATIONS as OPS,
  NOT_FOUND,
  RELATIONSHIP_OPERATIONS,
  describeInsuredItem,
  fillPath,
  saoPauloDay,
  wireToCents,
  type ComparisonCreateInput,
  type ComparisonLink,
  type PublicComparison,
  type Quote,
} from '@corretora/contracts';
import { type BrokerScopedTable, HttpError, type InternalClient, type SessionUser } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { tables } from '../../tables';
import type { DocumentsService } from '../documents/documents.service';
import type { PipelineLookup } from '../pipeline/pipeline-lookup';
import { comparisonPdf } from './comparison-pdf';
import type { QuotesService } from './quotes.service';
import { DELIVERY_UNAVAILABLE, deliveryOf } from './delivery';
import { whatsappAutomation } from '../pipeline/whatsapp-automation';
import { storePdf } from './stored-pdf';

const NOT_OF_DEAL = 'Escolha cotações deste negócio.';

interface ComparisonRow {
  id: number;
  token: string;
  content: Omit<PublicComparison, 'createdAt' | 'expiresAt'>;
  quoteCount: number;
  documentId: number | null;
  channel: ComparisonLink['channel'];
  expiresAt: Date;
  revokedAt: Date | null;
  createdAt: Date;
}

/**
 * The client's comparison of a deal's quotes: what was chosen, as it was when sent (never the
 * commission), in a PDF among the client's documents and on a page that opens without a session for
 * 30 days until revoked; by e-mail, a WhatsApp link or handed over, each send on the client's timeline.
 */
export class ComparisonsService {
  private readonly comparisons: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly quotes: QuotesService,
    private readonly documents: DocumentsService,
    private readonly contacts: PipelineLookup,
    private readonly services: { pipeline: InternalClient; broker: InternalClient | null; identity: InternalClient | null },
    private readonly insurerNames: (userId: string) => Promise<readonly { id: number; name: string }[]>,
    private readonly appUrl: string,
  ) {
    this.comparisons = tables.scoped(knex, 'comparisons');
  }

  private link(row: ComparisonRow, whatsappUrl: string | null = null): ComparisonLink {
    return {
      id: row.id,
      url: `${this.appUrl}/cotacao#token=${row.token}`,
      pdfDocumentId: row.documentId ?? 0,
      expiresAt: row.expiresAt.toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      quoteCount: row.quoteCount,
      channel: row.channel,
      whatsappUrl,
    };
  }

  /** POST /api/pipeline-cards/{id}/comparison. */
  async create(user: SessionUser, cardId: number, input: ComparisonCreateInput): Promise<ComparisonLink> {
    const card = await this.quotes.card(user.id, cardId);
    const all = await this.quotes.ofCheckedCard(user.id, cardId);
    const chosen = input.quoteIds.map((id) => all.find((quote) => quote.id === id));
    if (chosen.some((quote) => quote === undefined)) throw new HttpError(400, NOT_OF_DEAL, [{ path: 'quoteIds', message: NOT_OF_DEAL }]);
    const contact = await this.contacts.contact(user.id, card.contactId);
    const delivery = deliveryOf(contact, input, this.services.identity);
    if (!this.services.broker) throw new HttpError(503, DELIVERY_UNAVAILABLE);

    const [{ brokerage }, logo] = await Promise.all([
      this.services.broker.call(BROKER_OPERATIONS.disclosureForPrint, { params: { userId: user.id } }),
      this.services.broker.call(BROKER_OPERATIONS.brokerageLogo, { params: { userId: user.id } }),
    ]);
    const names = new Map((await this.insurerNames(user.id)).map((insurer) => [insurer.id, insurer.name]));
    const token = randomBytes(32).toString('base64url');
    const content = {
      brokerage: {
        name: brokerage.name,
        cnpj: brokerage.cnpj,
        susep: brokerage.susep,
        phone: brokerage.phone,
        email: brokerage.email,
        logoUrl: logo ? fillPath(OPS.publicComparisonLogo.path, { token }) : null,
      },
      // The first name only: a link that leaks says little of whom it was for.
      clientName: contact.name.split(/\s+/)[0] ?? contact.name,
      insuredItem: describeInsuredItem(card.insuredItem),
      quotes: (chosen as Quote[])
        .sort((a, b) => (wireToCents(a.totalPremium) ?? 0) - (wireToCents(b.totalPremium) ?? 0))
        .map((quote) => ({
          insurerName: names.get(quote.insurerId) ?? 'Seguradora',
          line: quote.line,
          totalPremium: quote.totalPremium,
          iof: quote.iof,
          paymentOptions: quote.paymentOptions,
          deductible: quote.deductible,
          coverages: quote.coverages,
          validUntil: quote.validUntil,
          recommended: quote.status === 'recommended',
        })),
    };
    const day = saoPauloDay(new Date());
    const bytes = await comparisonPdf(content, day, logo ? Buffer.from(logo.data, 'base64') : null);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const document = await storePdf(this.documents, user.id, bytes, {
      fileName: `comparativo-de-cotacoes-${day}.pdf`,
      description: `Comparativo de ${content.quotes.length} cotação(ões)`,
      contactId: card.contactId,
      cardId,
    });
    const [row] = (await this.comparisons.of(user.id).insert({
      cardId,
      contactId: card.contactId,
      responsibleId: card.responsibleId,
      token,
      content: JSON.stringify(content),
      quoteCount: content.quotes.length,
      documentId: document.id,
      sha256,
      channel: input.channel,
      expiresAt: this.knex.raw(`now() + interval '${COMPARISON_VALID_DAYS} days'`),
    })) as ComparisonRow[];
    const link = this.link(row!);
    const validUntil = `${link.expiresAt.slice(8, 10)}/${link.expiresAt.slice(5, 7)}/${link.expiresAt.slice(0, 4)}`;
    const message = `${brokerage.name}: o comparativo das cotações do seu seguro${content.insuredItem ? ` (${content.insuredItem})` : ''} está em ${link.url} (válido até ${validUntil}).`;
    await delivery.mail(`Comparativo de cotações — ${brokerage.name}`, message);
    await this.services.pipeline.call(RELATIONSHIP_OPERATIONS.recordSent, {
      params: { userId: user.id, id: card.contactId },
      body: {
        what: 'comparison',
        text: `Comparativo de ${content.quotes.length} cotação(ões): ${content.quotes.map((quote) => quote.insurerName).join(', ')}`,
        channel: input.channel,
        sha256,
        by: (user.name || user.email).slice(0, 100),
      },
    });
    if (input.channel !== 'whatsapp') return { ...link, whatsappUrl: null };
    // Through the brokerage's number when it is connected (the PDF itself inside the 24 hours), else the wa.me link.
    const sent = await whatsappAutomation(this.services.pipeline, user, card.contactId, {
      automation: 'comparativo',
      text: message,
      values: { nome: contact.name, link: link.url, validade: validUntil },
      documentId: document.id,
    });
    return {
      ...link,
      whatsappUrl: sent ? sent.url : `https://wa.me/55${contact.phone}?text=${encodeURIComponent(message)}`,
      whatsappStatus: sent?.status ?? null,
      whatsappNotice: sent?.notice ?? null,
    };
  }

  /** GET /api/pipeline-cards/{id}/comparisons: the deal's links, the newest first. */
  async ofCard(userId: string, cardId: number): Promise<ComparisonLink[]> {
    await this.quotes.card(userId, cardId);
    const rows = (await this.comparisons.of(userId).rows().where({ cardId }).orderBy('id', 'desc')) as ComparisonRow[];
    return rows.map((row) => this.link(row));
  }

  /** DELETE /api/comparisons/{id}: the client's page stops opening (the PDF already sent stays theirs). */
  async revoke(userId: string, id: number): Promise<void> {
    const revoked = await this.comparisons
      .of(userId)
      .byId(id)
      .update({ revokedAt: this.knex.raw('coalesce(revoked_at, now())') });
    if (!revoked) throw new HttpError(404, NOT_FOUND.comparison);
  }

  /** The open comparison of a token: unknown, expired and revoked alike are the same 404. */
  private async open(token: string): Promise<ComparisonRow & { userId: string }> {
    // The link's token names the brokerage: the one lookup by something else than the session.
    const row = (await this.knex('comparisons')
      .where({ token })
      .whereNull('revokedAt')
      .andWhere('expiresAt', '>', this.knex.fn.now())
      .first('*')) as (ComparisonRow & { userId: string }) | undefined;
    if (!row) throw new HttpError(404, NOT_FOUND.comparison);
    return row;
  }

  /** GET /api/comparisons/{token}: what the client reads (a link made before logos had none). */
  async publicView(token: string): Promise<PublicComparison> {
    const row = await this.open(token);
    const { content } = row;
    return {
      ...content,
      brokerage: { ...content.brokerage, logoUrl: content.brokerage.logoUrl ?? null },
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  /** GET /api/comparisons/{token}/logo: the brokerage's logo as it is now, for the client's page. */
  async publicLogo(token: string): Promise<{ bytes: Buffer; contentType: string }> {
    const row = await this.open(token);
    const logo = row.content.brokerage.logoUrl
      ? await this.services.broker?.call(BROKER_OPERATIONS.brokerageLogo, { params: { userId: row.userId } })
      : null;
    if (!logo) throw new HttpError(404, NOT_FOUND.comparison);
    return { bytes: Buffer.from(logo.data, 'base64'), contentType: logo.contentType };
  }

  /** GET /api/comparisons/{token}/pdf: the PDF the link was made with. */
  async publicPdf(token: string) {
    const row = await this.open(token);
    if (row.documentId === null) throw new HttpError(404, NOT_FOUND.comparison);
    return this.documents.open(row.userId, row.documentId);
  }
}
