import * as v from 'valibot';
import { maxLengthMessage, optionalEmail, optionalText, required } from '../fields';
import { bodyId, formId, optionalCents, optionalDateField, optionalWireMoney, requiredCents, wireMoney, wireMonth } from '../wire-fields';
import { DEDUCTIBLE_KINDS, QUOTE_STATUSES, type DeductibleKind, type QuoteStatus } from '../vocabulary/coverages';
import { optionalInsuredItem, type InsuredItem, type InsuredItemKind } from '../vocabulary/insured-item';
import { LINE_KEYS, type LineKey } from '../vocabulary/lines';
import type { StoredDocument } from './finance-types';
import type { WhatsappMessageStatus } from '../vocabulary/message-statuses';

/**
 * A quote: one insurer's offer for one deal (a pipeline card or a renewal): premiums, how it can be
 * paid, the franquia, the coverages with their limits, the commission the broker is offered, until
 * when it holds, the insurer's own number and PDF. Money on the wire as text ('1248.00'); the
 * commission percentage the same way ('15.00' is 15%).
 */
export const QUOTE_MONEY_MAX_CENTS = 99_999_999_999;
export const QUOTE_COVERAGES_MAX = 40;
export const QUOTE_NOTE_MAX = 500;
const COMMISSION_PERCENT_MAX_HUNDREDTHS = 10_000;

const PaymentOptionSchema = v.object({
  instalments: v.pipe(
    v.number('Informe o número de parcelas'),
    v.integer('Número de parcelas inválido'),
    v.minValue(1, 'Parcelas: de 1 (à vista) a 12'),
    v.maxValue(12, 'Parcelas: de 1 (à vista) a 12'),
  ),
  amount: wireMoney('Informe o valor da parcela', 'O valor da parcela não pode ser negativo', QUOTE_MONEY_MAX_CENTS),
  interest: v.optional(v.boolean('Informe se há juros'), false),
});

const DeductibleSchema = v.object({
  kind: v.picklist(DEDUCTIBLE_KINDS.map((kind) => kind.value) as [DeductibleKind, ...DeductibleKind[]], 'Tipo de franquia inválido'),
  amount: optionalWireMoney('A franquia não pode ser negativa', QUOTE_MONEY_MAX_CENTS),
});

const CoverageSchema = v.object({
  key: v.pipe(v.string('Cobertura inválida'), v.regex(/^[a-z0-9_]{1,40}$/, 'Cobertura inválida')),
  label: v.pipe(v.string('Informe a cobertura'), v.trim(), v.nonEmpty('Informe a cobertura'), v.maxLength(80, maxLengthMessage(80))),
  /** The limit (LMI) in reais; null where the coverage has none in money (carro reserva's days go in `detail`). */
  limit: optionalWireMoney('O limite não pode ser negativo', QUOTE_MONEY_MAX_CENTS),
  detail: optionalText(60),
});

/** A quote's fields, none required (PATCH); the create schema below requires what a quote needs. */
const QuoteFields = {
  insurerId: bodyId('Selecione a seguradora da cotação.'),
  line: v.picklist(LINE_KEYS, 'Ramo inválido'),
  totalPremium: wireMoney('Informe o prêmio total', 'O prêmio não pode ser negativo', QUOTE_MONEY_MAX_CENTS),
  netPremium: optionalWireMoney('O prêmio líquido não pode ser negativo', QUOTE_MONEY_MAX_CENTS),
  iof: optionalWireMoney('O IOF não pode ser negativo', QUOTE_MONEY_MAX_CENTS),
  paymentOptions: v.pipe(
    v.array(PaymentOptionSchema, 'Formas de pagamento inválidas'),
    v.maxLength(12, 'No máximo 12 formas de pagamento'),
  ),
  deductible: v.nullable(DeductibleSchema),
  coverages: v.pipe(
    v.array(CoverageSchema, 'Coberturas inválidas'),
    v.maxLength(QUOTE_COVERAGES_MAX, `No máximo ${QUOTE_COVERAGES_MAX} coberturas`),
    v.check((list) => new Set(list.map((coverage) => coverage.key)).size === list.length, 'Cobertura repetida'),
  ),
  commissionPercent: optionalWireMoney('A comissão não pode ser negativa', COMMISSION_PERCENT_MAX_HUNDREDTHS),
  validUntil: optionalDateField(),
  insurerQuoteNumber: optionalText(40),
  documentId: v.nullable(bodyId('Documento inválido.')),
  status: v.picklist(QUOTE_STATUSES, 'Situação inválida'),
  insuredItem: optionalInsuredItem,
  note: optionalText(QUOTE_NOTE_MAX),
};

/** POST …/quotes: the insurer, the line and the total premium are required; the rest may come later. */
const QuoteCreateObject = v.object({
  ...QuoteFields,
  insurerId: required(QuoteFields.insurerId),
  line: v.optional(QuoteFields.line, 'auto'),
  totalPremium: v.optional(QuoteFields.totalPremium, ''),
  netPremium: QuoteFields.netPremium,
  iof: QuoteFields.iof,
  paymentOptions: v.optional(QuoteFields.paymentOptions, []),
  deductible: v.optional(QuoteFields.deductible, null),
  coverages: v.optional(QuoteFields.coverages, []),
  documentId: v.optional(QuoteFields.documentId, null),
  status: v.optional(v.picklist(['draft', 'recommended', 'sent'] as const, 'Situação inválida'), 'draft'),
});
const NET_OVER_TOTAL = 'O prêmio líquido não pode passar do total';
const netWithinTotal = (quote: { netPremium: number | null; totalPremium: number }) =>
  quote.netPremium === null || quote.netPremium <= quote.totalPremium;
export const QuoteCreateSchema = v.pipe(
  QuoteCreateObject,
  v.forward(
    v.check((quote) => netWithinTotal(quote), NET_OVER_TOTAL),
    ['netPremium'],
  ),
);
export type QuoteCreateInput = v.InferOutput<typeof QuoteCreateSchema>;

/** The renewal centre's first body named the total premium `premium`, up to R$ 99.999.999,99. */
const RENEWAL_PREMIUM_MAX_CENTS = 9_999_999_999;

/**
 * POST /api/renewals/{id}/quotes: a quote in a deal's shape (QuoteCreateSchema), the line and the
 * insured item the policy's unless sent. The renewal centre's first body still reads:
 * `{ insurerId, premium, note }`, `premium` being the total premium.
 */
export const RenewalQuoteSchema = v.pipe(
  v.object({
    ...QuoteCreateObject.entries,
    line: v.optional(QuoteFields.line),
    totalPremium: v.optional(QuoteFields.totalPremium),
    premium: v.optional(wireMoney('Informe o prêmio cotado', 'O prêmio não pode ser negativo', RENEWAL_PREMIUM_MAX_CENTS)),
  }),
  v.forward(
    v.check((quote) => quote.totalPremium !== undefined || quote.premium !== undefined, 'Informe o prêmio cotado'),
    ['premium'],
  ),
  v.transform(({ premium, totalPremium, ...quote }) => ({ ...quote, totalPremium: (totalPremium ?? premium)! })),
  v.forward(
    v.check((quote) => netWithinTotal(quote), NET_OVER_TOTAL),
    ['netPremium'],
  ),
);
export type RenewalQuoteInput = v.InferOutput<typeof RenewalQuoteSchema>;

/**
 * PATCH /api/quotes/{id}: only what is sent changes (null clears an optional field). `status` moves
 * between draft, recommended and sent here; won and lost are what closing a deal with a quote writes.
 */
export const QuoteUpdateSchema = v.object({
  insurerId: v.optional(QuoteFields.insurerId),
  line: v.optional(QuoteFields.line),
  totalPremium: v.optional(QuoteFields.totalPremium),
  netPremium: v.optional(QuoteFields.netPremium),
  iof: v.optional(QuoteFields.iof),
  paymentOptions: v.optional(QuoteFields.paymentOptions),
  deductible: v.optional(QuoteFields.deductible),
  coverages: v.optional(QuoteFields.coverages),
  commissionPercent: v.optional(QuoteFields.commissionPercent),
  validUntil: v.optional(QuoteFields.validUntil),
  insurerQuoteNumber: v.optional(QuoteFields.insurerQuoteNumber),
  documentId: v.optional(QuoteFields.documentId),
  status: v.optional(v.picklist(['draft', 'recommended', 'sent'] as const, 'Situação inválida: use draft, recommended ou sent')),
  insuredItem: optionalInsuredItem,
  note: v.optional(QuoteFields.note),
});
export type QuoteUpdateInput = v.InferOutput<typeof QuoteUpdateSchema>;

/** A quote as the API answers it. Money as text; `commissionPercent` and `commissionAmount` only for the roles that see money. */
export interface Quote {
  id: number;
  /** The deal it was made for: a pipeline card or a renewal (one of the two). */
  cardId: number | null;
  renewalId: number | null;
  /** The client; null only on a renewal of a policy with no contact recorded. */
  contactId: number | null;
  insurerId: number;
  line: LineKey;
  totalPremium: string;
  netPremium: string | null;
  iof: string | null;
  paymentOptions: { instalments: number; amount: string; interest: boolean }[];
  deductible: { kind: DeductibleKind; amount: string | null } | null;
  coverages: { key: string; label: string; limit: string | null; detail: string | null }[];
  /** '15.00' is 15%; absent for an assistant. */
  commissionPercent?: string | null;
  /** The brokerage's remuneration in reais: commissionPercent × netPremium, to the centavo (half up); absent for an assistant. */
  commissionAmount?: string | null;
  validUntil: string | null;
  insurerQuoteNumber: string | null;
  documentId: number | null;
  status: QuoteStatus;
  insuredItem: InsuredItem | null;
  note: string | null;
  /** The member responsible for the deal (a producer sees only their own deals' quotes). */
  responsibleId: string;
  /** The last CNSP 382 disclosure sent for it, or null (Finalizado without one warns). */
  disclosure: { sentAt: string; channel: 'email' | 'whatsapp' | 'download'; sha256: string; documentId: number | null } | null;
  createdAt: string;
  updatedAt: string;
}

/** A renewal's quote: a deal's quote, with its total premium also as `premium` (the renewal centre's first answer named it so). */
export interface RenewalQuoteAnswer extends Quote {
  premium: string;
}

/** GET /api/lines/{line}/coverages: the line's usual coverages and the kind of item it insures. */
export interface LineCoverages {
  line: LineKey;
  label: string;
  insuredItemKind: InsuredItemKind | null;
  coverages: { key: string; label: string }[];
}

const MAX_MESSAGE = 'Valor acima do limite permitido';

/**
 * The quote form as the screen holds it (money in cents from the money fields, the insurer a select's
 * text, each coverage of the line with whether the quote includes it): checked in the browser, then
 * sent as QuoteCreateSchema's wire body, which the service checks again.
 */
export const QuoteFormSchema = v.pipe(
  v.object({
    insurerId: formId('Selecione a seguradora da cotação.'),
    line: v.picklist(LINE_KEYS, 'Ramo inválido'),
    totalPremium: requiredCents('Informe o prêmio total', QUOTE_MONEY_MAX_CENTS, MAX_MESSAGE),
    netPremium: optionalCents(QUOTE_MONEY_MAX_CENTS, MAX_MESSAGE),
    iof: optionalCents(QUOTE_MONEY_MAX_CENTS, MAX_MESSAGE),
    commissionPercent: optionalCents(COMMISSION_PERCENT_MAX_HUNDREDTHS, 'Comissão deve estar entre 0 e 100%'),
    validUntil: optionalDateField(),
    insurerQuoteNumber: optionalText(40),
    note: optionalText(QUOTE_NOTE_MAX),
    deductibleKind: v.picklist(
      ['', ...DEDUCTIBLE_KINDS.map((kind) => kind.value)] as ['', ...DeductibleKind[]],
      'Tipo de franquia inválido',
    ),
    deductibleAmount: optionalCents(QUOTE_MONEY_MAX_CENTS, MAX_MESSAGE),
    paymentOptions: v.pipe(
      v.array(
        v.object({
          instalments: v.pipe(
            v.string('Parcelas: de 1 (à vista) a 12'),
            v.regex(/^(?:[1-9]|1[0-2])$/, 'Parcelas: de 1 (à vista) a 12'),
            v.transform(Number),
          ),
          amount: requiredCents('Informe o valor da parcela', QUOTE_MONEY_MAX_CENTS, MAX_MESSAGE),
          interest: v.boolean(),
        }),
      ),
      v.maxLength(12, 'No máximo 12 formas de pagamento'),
    ),
    coverages: v.array(
      v.object({
        key: v.string(),
        label: v.string(),
        included: v.boolean(),
        limit: optionalCents(QUOTE_MONEY_MAX_CENTS, MAX_MESSAGE),
        detail: optionalText(60),
      }),
    ),
  }),
  v.forward(
    v.check((form) => form.netPremium === null || form.netPremium <= form.totalPremium, 'O prêmio líquido não pode passar do total'),
    ['netPremium'],
  ),
);
export type QuoteFormValues = v.InferInput<typeof QuoteFormSchema>;
export type QuoteFormOutput = v.InferOutput<typeof QuoteFormSchema>;

/**
 * POST /api/quotes/{id}/win ("Fechar com esta cotação"): the policy's term, today and a year later
 * (São Paulo) unless the broker says otherwise.
 */
export const QuoteWinSchema = v.pipe(
  v.object({ startDate: optionalDateField(), endDate: optionalDateField() }),
  v.forward(
    v.check(
      (input) => !input.startDate || !input.endDate || input.endDate > input.startDate,
      'Data de fim deve ser posterior à data de início',
    ),
    ['endDate'],
  ),
);
export type QuoteWinInput = v.InferOutput<typeof QuoteWinSchema>;

/**
 * POST /api/quotes/{id}/disclosure: the CNSP 382 disclosure of this quote, sent by e-mail (to the
 * client's address unless `email` says another), as a WhatsApp link, or downloaded to hand over.
 */
export const QuoteDisclosureSchema = v.object({
  channel: v.picklist(['email', 'whatsapp', 'download'] as const, 'Canal inválido: use email, whatsapp ou download'),
  /** Where the e-mail goes; null: the client's own address. */
  email: optionalEmail(),
});
export type QuoteDisclosureInput = v.InferOutput<typeof QuoteDisclosureSchema>;

/** A document sent to the client from a quote: the stored PDF, when and how it went, its SHA-256. */
export interface SentQuoteDocument extends StoredDocument {
  sentAt: string;
  channel: 'email' | 'whatsapp' | 'download';
  sha256: string;
  /** The wa.me link the broker opens for a WhatsApp send; null otherwise. */
  whatsappUrl: string | null;
  /** The commercial premium and the brokerage's remuneration the disclosure names (reais as text). */
  commercialPremium: string;
  remuneration: string;
}

const REPORT_MONTH = wireMonth('Mês inválido: use AAAA-MM');
/** GET /api/quotes/report?from=YYYY-MM&to=YYYY-MM (the last 12 months by default). */
export const QuotesReportQuerySchema = v.object({ from: v.optional(REPORT_MONTH), to: v.optional(REPORT_MONTH) });
export type QuotesReportQuery = v.InferOutput<typeof QuotesReportQuerySchema>;

/** One insurer and line in the won/lost report: the quotes decided in the period (their deals closed). */
export interface QuotesReportRow {
  insurerId: number;
  insurerName: string;
  line: LineKey;
  won: number;
  lost: number;
  /** won ÷ (won + lost), '0.25'. */
  winRate: string;
  /** The total premium of the quotes won. */
  wonPremium: string;
}

export interface QuotesReport {
  from: string;
  to: string;
  rows: QuotesReportRow[];
}

/** How long a client's comparison link opens (days). */
export const COMPARISON_VALID_DAYS = 30;

/**
 * POST /api/pipeline-cards/{id}/comparison: the quotes chosen to send (1 to 10 of the deal's), and
 * how it goes: by e-mail (the client's address unless `email` says another), a WhatsApp link, or the
 * link and PDF for the broker to hand over (download, the default).
 */
export const ComparisonCreateSchema = v.object({
  quoteIds: v.pipe(
    v.array(bodyId('Cotação inválida.'), 'Escolha as cotações'),
    v.minLength(1, 'Escolha ao menos uma cotação'),
    v.maxLength(10, 'No máximo 10 cotações por comparativo'),
    v.check((ids) => new Set(ids).size === ids.length, 'Cotação repetida'),
  ),
  channel: v.optional(
    v.picklist(['email', 'whatsapp', 'download'] as const, 'Canal inválido: use email, whatsapp ou download'),
    'download',
  ),
  email: optionalEmail(),
});
export type ComparisonCreateInput = v.InferOutput<typeof ComparisonCreateSchema>;

/** What creating a comparison answers: the client's link (30 days), the PDF among the client's documents. */
export interface ComparisonLink {
  id: number;
  url: string;
  pdfDocumentId: number;
  expiresAt: string;
  revokedAt: string | null;
  createdAt: string;
  quoteCount: number;
  channel: 'email' | 'whatsapp' | 'download';
  /** The wa.me link the broker opens for a WhatsApp send; null otherwise (and when it went through the brokerage's number). */
  whatsappUrl: string | null;
  /** Through the brokerage's number (#62): the message's status when created (`failed`: a task to send it again was made). */
  whatsappStatus?: WhatsappMessageStatus | null;
  /** Why a WhatsApp send did not go through the number as asked (no Meta template linked outside the 24 hours, a failure). */
  whatsappNotice?: string | null;
}

/** One quote as the client reads it: never the commission. */
export interface ComparisonQuote {
  insurerName: string;
  line: LineKey;
  totalPremium: string;
  iof: string | null;
  paymentOptions: Quote['paymentOptions'];
  deductible: Quote['deductible'];
  coverages: Quote['coverages'];
  validUntil: string | null;
  recommended: boolean;
}

/** GET /api/comparisons/{token} (no session): the brokerage, the client's first name, what is insured, the quotes. */
export interface PublicComparison {
  brokerage: {
    name: string;
    cnpj: string | null;
    susep: string | null;
    phone: string | null;
    email: string | null;
    /** The brokerage's logo through this link (`GET /api/comparisons/{token}/logo`); null when it had none. */
    logoUrl: string | null;
  };
  clientName: string;
  insuredItem: string;
  quotes: ComparisonQuote[];
  createdAt: string;
  expiresAt: string;
}

/** POST /api/pipeline-cards/{id}/quotes/import: the quotes the sheet made, and which columns it read. */
export interface QuoteImportResult {
  quotes: Quote[];
  /** Field or coverage label -> the sheet's header it was read from. */
  columns: Record<string, string>;
}
