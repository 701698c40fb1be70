import { InsuredItemSchema } from '../vocabulary/insured-item';
import * as v from 'valibot';
import { responsibleFilter } from '../vocabulary/responsible-field';
import { maxLengthMessage, optionalText } from '../fields';
import { dateField, optionalWireId, optionalWireMoney, wireId, wireMoney, wirePage, wirePageSize } from '../wire-fields';
import {
  COMMISSION_PERCENT_MAX_HUNDREDTHS,
  CONTACT_KINDS,
  CONTACT_STATUSES,
  CONTACT_TYPES,
  DOCUMENT_TYPES,
  TOTAL_PREMIUM_MAX_CENTS,
  type DocumentTypeValue,
} from '../vocabulary/pipeline-options';
import { END_AFTER_START, stageKeyField } from './pipeline.schemas';

// What travels about cards beyond the lead and contact forms: moving, archiving, completing
// (confirm-issuance), and the list queries of cards and contacts.

/** PATCH /api/pipeline/{id}: the stage key, its id, or both (they must agree). */
export const CardMoveSchema = v.pipe(
  v.object({ stage: stageKeyField, stageId: optionalWireId('Estágio inválido') }),
  v.forward(
    v.check((input) => input.stage !== null || input.stageId !== null, 'Estágio é obrigatório'),
    ['stage'],
  ),
);

export const ArchiveSchema = v.object({ reason: optionalText(500) });

/**
 * confirm-issuance with a body (finalize), the server's completion schema (insurer, start and end dates with end after start, premiums, commission by percentage or amount). Money is
 * decimal strings on the wire and cents after parsing; the total is premium + IOF + interest and
 * must match when the client sends it.
 */
export const CompletionSchema = v.pipe(
  v.object({
    insurerId: wireId('Seguradora é obrigatória'),
    startDate: dateField('Data de início da vigência é obrigatória'),
    endDate: dateField('Data de fim da vigência é obrigatória'),
    premioLiquido: wireMoney('Prêmio líquido é obrigatório', 'Prêmio líquido deve ser um valor positivo'),
    iof: wireMoney('IOF é obrigatório', 'IOF deve ser um valor positivo'),
    juros: optionalWireMoney('Juros devem ser um valor positivo'),
    totalPremium: optionalWireMoney('Prêmio total deve ser um valor positivo', TOTAL_PREMIUM_MAX_CENTS),
    commissionPercentage: optionalWireMoney('Comissão deve ser um valor positivo', COMMISSION_PERCENT_MAX_HUNDREDTHS),
    commissionAmount: optionalWireMoney('Valor da comissão deve ser um valor positivo'),
    documentType: v.optional(
      v.nullable(
        v.picklist(DOCUMENT_TYPES.map((type) => type.value) as [DocumentTypeValue, ...DocumentTypeValue[]], 'Tipo de documento inválido'),
      ),
      null,
    ),
  }),
  v.forward(
    v.check((input) => input.endDate > input.startDate, END_AFTER_START),
    ['endDate'],
  ),
  v.forward(
    v.check(
      (input) => input.premioLiquido + input.iof + (input.juros ?? 0) <= TOTAL_PREMIUM_MAX_CENTS,
      'Prêmio total acima do limite permitido',
    ),
    ['totalPremium'],
  ),
  v.forward(
    v.check(
      (input) => input.totalPremium === null || input.totalPremium === input.premioLiquido + input.iof + (input.juros ?? 0),
      'Prêmio total deve ser prêmio líquido + IOF + juros',
    ),
    ['totalPremium'],
  ),
);

export const CONTACTS_PAGE_SIZE_MAX = 100;

/** GET /api/contacts and /api/contacts/export: search, type filter, page. */
export const ContactQuerySchema = v.object({
  q: v.optional(v.pipe(v.string('Busca inválida'), v.trim(), v.maxLength(100, maxLengthMessage(100))), ''),
  type: v.optional(v.picklist(['all', ...CONTACT_TYPES] as const, 'Tipo inválido'), 'all'),
  /** pf or pj; status: prospects or clients. */
  kind: v.optional(v.picklist(['all', ...CONTACT_KINDS] as const, 'Use pf ou pj'), 'all'),
  status: v.optional(v.picklist(['all', ...CONTACT_STATUSES] as const, 'Use prospect ou client'), 'all'),
  /** Only the clients of this member of the brokerage ('' or absent: every one the member may see). */
  responsibleId: responsibleFilter,
  page: wirePage,
  pageSize: wirePageSize(CONTACTS_PAGE_SIZE_MAX, 25),
});

export type CompletionInput = v.InferOutput<typeof CompletionSchema>;
/** The finalize form's body as it travels (money as '1248.00'). */
export type CompletionBody = v.InferInput<typeof CompletionSchema>;
export type ContactQuery = v.InferOutput<typeof ContactQuerySchema>;

/** GET /api/pipeline-cards?archived */
export const ArchivedQuerySchema = v.object({
  archived: v.optional(v.picklist(['true', 'false'], 'Parâmetro archived deve ser true ou false.'), 'false'),
  /** Only the cards of this member of the brokerage. */
  responsibleId: responsibleFilter,
});

/** GET /api/pipeline-leads?limit: 1..500, default 50. */
const LIMIT_MESSAGE = 'Parâmetro limit deve estar entre 1 e 500.';
export const LeadListQuerySchema = v.object({
  limit: v.optional(
    v.pipe(
      v.string(LIMIT_MESSAGE),
      v.regex(/^\d{1,3}$/, LIMIT_MESSAGE),
      v.transform(Number),
      v.minValue(1, LIMIT_MESSAGE),
      v.maxValue(500, LIMIT_MESSAGE),
    ),
    '50',
  ),
});

/** PUT /api/pipeline-cards/{id}/insured-item: what the deal insures; null clears it. */
export const CardInsuredItemSchema = v.object({ insuredItem: v.nullable(InsuredItemSchema) });

/** Finance closes a deal with one of its quotes: the sale the quote makes, as the finalize form would send it. */
export const CardFinalizeFromQuoteSchema = v.object({ quoteId: wireId('Cotação inválida'), sale: CompletionSchema });
