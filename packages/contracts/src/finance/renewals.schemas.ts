import * as v from 'valibot';
import { responsibleFilter } from '../vocabulary/responsible-field';
import { optionalText, required } from '../fields';
import { bodyId, wireMonth, optionalWireMoney, wireTimestamp } from '../wire-fields';
import { LOST_REASONS, NEXT_ACTION_TYPES, RENEWAL_BUCKETS, RENEWAL_NOTE_MAX, RENEWAL_OUTCOMES } from '../vocabulary/renewals-options';

const MONEY_MAX = 9_999_999_999;

/** GET /api/renewals?bucket=90|60|30|15|overdue (every open renewal without it)&page=N (100 a page, the soonest first). */
export const RenewalsQuerySchema = v.object({
  page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, 'Página inválida.'), v.transform(Number)), '1'),
  bucket: v.optional(
    v.picklist(
      RENEWAL_BUCKETS.map((bucket) => bucket.value) as ['90', '60', '30', '15', 'overdue'],
      'Faixa inválida: use 90, 60, 30, 15 ou overdue',
    ),
  ),
  /** Only the renewals of this member of the brokerage (counts too). */
  responsibleId: responsibleFilter,
});
export type RenewalsQuery = v.InferOutput<typeof RenewalsQuerySchema>;

const REASON_VALUES = LOST_REASONS.map((reason) => reason.value) as ['preco', 'atendimento', 'trocou_de_corretor', 'bem_vendido', 'outro'];

/**
 * POST /api/renewals/{id}/outcome: renovada (the next term's policy: what the broker gives, else the
 * quote chosen, else last year's figures) or perdida (the reason is required).
 */
export const RenewalOutcomeSchema = v.pipe(
  v.object({
    outcome: required(v.picklist(RENEWAL_OUTCOMES, "Resultado inválido: use 'renewed' ou 'lost'")),
    reason: v.optional(v.nullable(v.picklist(REASON_VALUES, 'Motivo inválido')), null),
    note: optionalText(RENEWAL_NOTE_MAX),
    newPolicy: v.optional(
      v.nullable(
        v.object({
          policyNumber: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(40, 'Máximo de 40 caracteres'))), null),
          insurerId: v.optional(v.nullable(bodyId('Seguradora inválida.')), null),
          quoteId: v.optional(v.nullable(bodyId('Cotação inválida.')), null),
          premium: optionalWireMoney('O prêmio não pode ser negativo', MONEY_MAX),
        }),
      ),
      null,
    ),
  }),
  v.forward(
    v.check((input) => input.outcome !== 'lost' || input.reason !== null, 'Informe o motivo da perda'),
    ['reason'],
  ),
);
export type RenewalOutcomeInput = v.InferOutput<typeof RenewalOutcomeSchema>;

const MONTH = wireMonth('Mês inválido: use AAAA-MM');
/** GET /api/renewals/report?from=YYYY-MM&to=YYYY-MM (the last 12 months and the next 3 by default). */
export const RenewalReportQuerySchema = v.object({ from: v.optional(MONTH), to: v.optional(MONTH) });
export type RenewalReportQuery = v.InferOutput<typeof RenewalReportQuerySchema>;

const NEXT_ACTION_VALUES = NEXT_ACTION_TYPES.map((type) => type.value) as ['ligar', 'whatsapp', 'email', 'reuniao', 'enviar_cotacao'];

/** PUT …/next-action: when (an ISO instant), what and a note; `dueAt: null` clears it. */
export const NextActionSchema = v.pipe(
  v.object({
    dueAt: v.nullable(wireTimestamp('Informe quando')),
    type: v.optional(v.nullable(v.picklist(NEXT_ACTION_VALUES, 'Escolha o tipo da próxima ação')), null),
    note: optionalText(RENEWAL_NOTE_MAX),
  }),
  v.forward(
    v.check((input) => input.dueAt === null || input.type !== null, 'Escolha o tipo da próxima ação'),
    ['type'],
  ),
);
export type NextActionInput = v.InferOutput<typeof NextActionSchema>;
