import { saoPauloDay } from '../br/date';
import * as v from 'valibot';
import { responsibleFilter } from '../vocabulary/responsible-field';
import { LINE_KEYS } from '../vocabulary/lines';
import { optionalText, required } from '../fields';
import { optionalQueryId } from '../vocabulary/query-fields';
import {
  CLAIM_STATUSES,
  CLAIM_TYPE_VALUES,
  DOCUMENT_CATEGORY_VALUES,
  MAX_INSTALMENTS,
  PAYMENT_METHODS,
  POLICY_STATUSES,
  POLICY_TYPE_VALUES,
} from '../vocabulary/finance-options';

const PAYMENT_METHOD_VALUES = PAYMENT_METHODS.map((method) => method.value) as [string, ...string[]];
import {
  bodyId,
  formId,
  optionalDateField,
  optionalFormId,
  optionalWireId,
  requiredCents,
  wireDate,
  wireId,
  wireMoney,
  wirePage,
  wirePageSize,
  FINALIZE_MONEY_MAX_CENTS,
} from '../wire-fields';

const CLAIM_AMOUNT_MESSAGE = 'Valor é obrigatório';
const CLAIM_DESCRIPTION_MAX = 2_000;

function claimEntries<Id extends v.GenericSchema<unknown, number>, OptionalId extends v.GenericSchema<unknown, number | null>>(
  id: (message: string) => Id,
  optionalId: (message: string) => OptionalId,
) {
  return {
    contactId: id('Cliente é obrigatório'),
    policyId: optionalId('Apólice inválida'),
    type: required(v.pipe(v.string('Tipo de sinistro é obrigatório'), v.picklist(CLAIM_TYPE_VALUES, 'Tipo de sinistro é obrigatório'))),
    description: optionalText(CLAIM_DESCRIPTION_MAX),
    /** The day it happened (dd/mm/aaaa in the form, ISO on the wire): not after today. */
    occurredAt: v.pipe(
      optionalDateField(),
      v.check((date) => date === null || date <= saoPauloDay(new Date()), 'A data do sinistro não pode ser futura'),
    ),
    /** The insurer's own number of the claim (the aviso), when it gave one. */
    insurerClaimNumber: v.pipe(
      optionalText(40),
      v.check(
        (value) => value === null || /^[\p{L}\p{N}./-]+$/u.test(value),
        'Nº do sinistro na seguradora deve ter apenas letras, números, ponto, barra ou hífen',
      ),
    ),
  };
}

/** POST /api/claims and PATCH /api/claims/{id}: amount in reais on the wire ('1500.00'). */
export const ClaimInputSchema = v.object({
  ...claimEntries(wireId, optionalWireId),
  amount: wireMoney(CLAIM_AMOUNT_MESSAGE, 'Valor não pode ser negativo'),
});
export type ClaimInput = v.InferOutput<typeof ClaimInputSchema>;

/** The claim dialog: select text for the ids, integer cents for the amount. */
export const ClaimFormSchema = v.object({
  ...claimEntries(formId, optionalFormId),
  amount: requiredCents(CLAIM_AMOUNT_MESSAGE, FINALIZE_MONEY_MAX_CENTS, 'Valor acima do limite permitido'),
});

/** POST /api/claims/{id}/status */
export const ClaimStatusSchema = v.object({ status: required(v.picklist(CLAIM_STATUSES, 'Status inválido')) });

const ALL = 'all' as const;

const LINE_FILTER = v.optional(v.picklist([ALL, ...LINE_KEYS], 'Ramo inválido'), ALL);

/** GET /api/policies?type&line&status&renewal: filters applied by the server ('all' or absent: no filter). */
export const PolicyQuerySchema = v.object({
  /** Either number (the insurer's or the proposal's, with or without separators) or the client's name. */
  q: v.optional(v.pipe(v.string('Busca inválida'), v.trim(), v.maxLength(100, 'Máximo de 100 caracteres')), ''),
  type: v.optional(v.picklist([ALL, ...POLICY_TYPE_VALUES], 'Tipo de apólice inválido'), ALL),
  line: LINE_FILTER,
  status: v.optional(v.picklist([ALL, ...POLICY_STATUSES], 'Status inválido'), ALL),
  /** Only the policies of this member of the brokerage. */
  responsibleId: responsibleFilter,
  renewal: v.optional(v.pipe(v.picklist(['30', '60', '90'], 'Período de renovação deve ser 30, 60 ou 90 dias'), v.transform(Number))),
  /** `true`: only the policies still awaiting the insurer's number. */
  awaitingNumber: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], "Use 'true' ou 'false'"),
      v.transform((value) => value === 'true'),
    ),
  ),
});
export type PolicyQuery = v.InferOutput<typeof PolicyQuerySchema>;

/** The most rows a page of policies (Apólices, Comissões › Apólices) holds. */
export const POLICY_PAGE_SIZE_MAX = 100;
const POLICY_PAGE = { page: wirePage, pageSize: wirePageSize(POLICY_PAGE_SIZE_MAX, 50) };

/** GET /api/policies/page: the list's filters and a page of it (a large book is not sent whole). */
export const PolicyPageQuerySchema = v.object({ ...PolicyQuerySchema.entries, ...POLICY_PAGE });
export type PolicyPageQuery = v.InferOutput<typeof PolicyPageQuerySchema>;

/** GET /api/claims?status */
export const ClaimQuerySchema = v.object({
  status: v.optional(v.picklist([ALL, ...CLAIM_STATUSES], 'Status inválido'), ALL),
});

/** GET /api/commissions?type&line&months: type `all` or a policy type, line `all` or a line; months 6, 12 or 24 (default 12). */
export const CommissionsQuerySchema = v.object({
  type: v.optional(v.picklist([ALL, ...POLICY_TYPE_VALUES], 'Tipo de apólice inválido'), ALL),
  line: LINE_FILTER,
  months: v.optional(v.pipe(v.picklist(['6', '12', '24'], 'Período deve ser 6, 12 ou 24 meses'), v.transform(Number)), '12'),
});
export type CommissionsQuery = v.InferOutput<typeof CommissionsQuerySchema>;

/** GET /api/commissions/policies: the commissions' policy rows of a type and line, a page at a time (renewal order). */
export const CommissionPoliciesQuerySchema = v.object({
  type: CommissionsQuerySchema.entries.type,
  line: LINE_FILTER,
  ...POLICY_PAGE,
});
export type CommissionPoliciesQuery = v.InferOutput<typeof CommissionPoliciesQuerySchema>;

/** The text fields beside a document's file (multipart). */
export const DocumentFieldsSchema = v.object({
  category: required(v.picklist(DOCUMENT_CATEGORY_VALUES, 'Categoria é obrigatória')),
  description: optionalText(500),
  contactId: optionalWireId('Cliente inválido'),
  cardId: optionalWireId('Card inválido'),
  /** The policy and/or the claim the document belongs to (its client follows from them when not given). */
  policyId: optionalWireId('Apólice inválida'),
  claimId: optionalWireId('Sinistro inválido'),
});

/** The text fields beside the policy PDF attached from a Finalizado card: always the Apólices category. */
export const PolicyPdfFieldsSchema = v.object({
  ...DocumentFieldsSchema.entries,
  category: v.optional(v.literal('policies', 'O PDF da apólice vai na categoria Apólices.'), 'policies'),
});

/** GET /api/documents?category&contactId&policyId&claimId: the documents of one category and/or linked to a record. */
export const DocumentQuerySchema = v.object({
  category: v.optional(v.picklist(DOCUMENT_CATEGORY_VALUES, 'Categoria inválida.')),
  contactId: optionalQueryId('Cliente inválido.'),
  policyId: optionalQueryId('Apólice inválida.'),
  claimId: optionalQueryId('Sinistro inválido.'),
});
export type DocumentQuery = v.InferOutput<typeof DocumentQuerySchema>;

/** GET /internal/finance/{userId}/documents/{id}/file: the bytes of a document going to this client (one of theirs, or of no client). */
export const DocumentFileQuerySchema = v.object({ contactId: optionalQueryId('Cliente inválido.') });

/** POST /internal/finance/{userId}/contacts/{id}/move: the contact that receives the records. */
export const ContactMoveSchema = v.object({ into: wireId('Contato inválido.') });

/** POST /internal/finance/{userId}/policies/lines: the line of issued policies, from their card's product (once). */
export const PolicyLinesSchema = v.object({
  policies: v.pipe(
    v.array(v.object({ policyId: bodyId('Apólice inválida.'), line: v.picklist(LINE_KEYS, 'Ramo inválido') })),
    v.maxLength(500),
  ),
});

export type PolicyLinesInput = v.InferOutput<typeof PolicyLinesSchema>;

/** PUT /api/policies/{id}/payment-plan: à vista (1) or N parcelas, the first due date, optionally how they are paid. */
export const PaymentPlanSchema = v.object({
  instalments: required(
    v.pipe(
      v.number('Informe o número de parcelas'),
      v.integer('O número de parcelas deve ser inteiro'),
      v.minValue(1, 'No mínimo 1 parcela (à vista)'),
      v.maxValue(MAX_INSTALMENTS, `No máximo ${MAX_INSTALMENTS} parcelas`),
    ),
    null,
  ),
  firstDueDate: required(wireDate('Informe o 1º vencimento', '1º vencimento inválido: use AAAA-MM-DD')),
  method: v.optional(v.nullable(v.picklist(PAYMENT_METHOD_VALUES, 'Forma de pagamento inválida')), null),
});
export type PaymentPlanInput = v.InferOutput<typeof PaymentPlanSchema>;

export const PAYMENT_LINK_MAX = 2000;
const PAYMENT_LINK_MESSAGE = 'Informe o link do boleto ou do Pix começando com https://';
const HTTPS_LINK = /^https:\/\/[^\s/?#.]+(\.[^\s/?#.]+)+(:\d{1,5})?([/?#]\S*)?$/i;

/**
 * PUT /api/policies/{id}/instalments/{number}/payment-link: the boleto's or Pix's link the client
 * opens on the portal (https only); empty or null removes it.
 */
export const InstalmentPaymentLinkSchema = v.object({
  paymentLink: v.pipe(
    v.nullable(
      v.pipe(
        v.string(PAYMENT_LINK_MESSAGE),
        v.trim(),
        v.maxLength(PAYMENT_LINK_MAX, `O link deve ter no máximo ${PAYMENT_LINK_MAX} caracteres`),
      ),
    ),
    v.transform((value) => (value ? value : null)),
    v.check((value) => value === null || HTTPS_LINK.test(value), PAYMENT_LINK_MESSAGE),
  ),
});
export type InstalmentPaymentLinkInput = v.InferOutput<typeof InstalmentPaymentLinkSchema>;
