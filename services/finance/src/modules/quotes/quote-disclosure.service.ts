import { createHash } from 'node:crypto';
import {
  BROKER_OPERATIONS,
  NOT_FOUND,
  RELATIONSHIP_OPERATIONS,
  centsToWire,
  divideRoundingHalfUp,
  formatMoney,
  saoPauloDay,
  wireToCents,
  type QuoteDisclosureInput,
  type SentQuoteDocument,
} from '@corretora/contracts';
import { type BrokerScopedTable, HttpError, type InternalClient, type SessionUser } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { tables } from '../../tables';
import type { DocumentsService } from '../documents/documents.service';
import type { PipelineLookup } from '../pipeline/pipeline-lookup';
import { disclosurePdf, disclosureText, type DisclosureFacts } from './disclosure-text';
import type { QuotesService } from './quotes.service';
import { DELIVERY_UNAVAILABLE, deliveryOf } from './delivery';
import { storePdf } from './stored-pdf';

const NO_CLIENT = 'Esta cotação é de uma apólice sem cliente cadastrado: vincule o cliente à apólice antes de enviar o informe.';
const NO_NET = 'Informe o prêmio líquido da cotação: é o prêmio comercial que o informe declara.';
const NO_COMMISSION = 'Informe a comissão da cotação: o informe declara a remuneração da corretora em reais.';

/**
 * The CNSP 382 disclosure of one quote (Resolução CNSP 382/2020, art. 4º, §1º): items I–III from the
 * brokerage's profile, item IV from the quote (the commercial premium and the remuneration in reais,
 * commission % × net premium to the centavo, half up). The PDF is kept among the client's documents,
 * its SHA-256 on the client's timeline and in the quote's record of sends; sent by e-mail, as a
 * WhatsApp link, or downloaded to hand over.
 */
export class QuoteDisclosureService {
  private readonly sends: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly quotes: QuotesService,
    private readonly documents: DocumentsService,
    private readonly contacts: PipelineLookup,
    private readonly services: { pipeline: InternalClient; broker: InternalClient | null; identity: InternalClient | null },
    private readonly insurerNames: (userId: string) => Promise<readonly { id: number; name: string }[]>,
  ) {
    this.sends = tables.scoped(knex, 'quote_disclosures');
  }

  async send(user: SessionUser, id: number, input: QuoteDisclosureInput): Promise<SentQuoteDocument> {
    const quote = await this.quotes.get(user.id, id);
    if (!quote) throw new HttpError(404, NOT_FOUND.quote);
    if (quote.contactId === null) throw new HttpError(409, NO_CLIENT);
    if (quote.netPremium === null) throw new HttpError(409, NO_NET);
    if (!quote.commissionPercent) throw new HttpError(409, NO_COMMISSION);
    const contact = await this.contacts.contact(user.id, quote.contactId);
    const delivery = deliveryOf(contact, input, this.services.identity);
    if (!this.services.broker) throw new HttpError(503, DELIVERY_UNAVAILABLE);

    const insurers = await this.insurerNames(user.id);
    const commercialPremium = wireToCents(quote.netPremium)!;
    const facts: DisclosureFacts = {
      print: await this.services.broker.call(BROKER_OPERATIONS.disclosureForPrint, { params: { userId: user.id } }),
      clientName: contact.name,
      insurerName: insurers.find((insurer) => insurer.id === quote.insurerId)?.name ?? 'Seguradora',
      line: quote.line,
      insurerQuoteNumber: quote.insurerQuoteNumber,
      commercialPremium,
      commissionPercent: quote.commissionPercent,
      remuneration: Number(divideRoundingHalfUp(BigInt(commercialPremium) * BigInt(wireToCents(quote.commissionPercent)!), 10_000n)),
      day: saoPauloDay(new Date()),
      registeredInsurers: insurers.map((insurer) => insurer.name),
    };
    const bytes = await disclosurePdf(facts);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const document = await storePdf(this.documents, user.id, bytes, {
      fileName: `informe-cnsp-382-${facts.day}.pdf`,
      description: `Informe CNSP 382 — ${facts.insurerName}`,
      contactId: quote.contactId,
      cardId: quote.cardId,
    });
    const text = disclosureText(facts, sha256);
    await delivery.mail(`Informe de remuneração — ${facts.print.brokerage.name}`, text);

    const [sent] = (await this.sends.of(user.id).insert({
      quoteId: quote.id,
      contactId: quote.contactId,
      responsibleId: quote.responsibleId,
      documentId: document.id,
      channel: input.channel,
      sha256,
      commercialPremium: centsToWire(commercialPremium),
      remuneration: centsToWire(facts.remuneration),
    })) as { sentAt: Date }[];
    await this.services.pipeline.call(RELATIONSHIP_OPERATIONS.recordSent, {
      params: { userId: user.id, id: quote.contactId },
      body: {
        what: 'disclosure',
        text: `Informe de remuneração (CNSP 382): ${facts.insurerName}, prêmio comercial ${formatMoney(commercialPremium)}, remuneração ${formatMoney(facts.remuneration)}`,
        channel: input.channel,
        sha256,
        by: (user.name || user.email).slice(0, 100),
      },
    });
    return {
      ...document,
      sentAt: sent!.sentAt.toISOString(),
      channel: input.channel,
      sha256,
      whatsappUrl: delivery.whatsappUrl(text),
      commercialPremium: centsToWire(commercialPremium),
      remuneration: centsToWire(facts.remuneration),
    };
  }
}
