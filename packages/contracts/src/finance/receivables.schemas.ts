import * as v from 'valibot';
import { optionalText, required } from '../fields';
import { bodyId, wireMonth, wireMoney, wirePage, wirePageSize } from '../wire-fields';
import { MAX_CHARGEBACK_MONTH, MAX_CHARGEBACK_STEPS, MAX_GRACE_DAYS, MAX_TOLERANCE_CENTS } from '../vocabulary/receivables-options';

/** PUT /api/insurers/{id}/chargeback-rule: months since the start -> % of the commission returned, months increasing. */
export const ChargebackRuleSchema = v.object({
  steps: v.pipe(
    v.array(
      v.object({
        untilMonth: v.pipe(
          v.number('Informe até qual mês'),
          v.integer('O mês deve ser um número inteiro'),
          v.minValue(1, 'O mês deve ser de 1 a 120'),
          v.maxValue(MAX_CHARGEBACK_MONTH, 'O mês deve ser de 1 a 120'),
        ),
        percent: v.pipe(
          v.number('Informe o percentual'),
          v.minValue(0, 'O percentual deve ser de 0 a 100'),
          v.maxValue(100, 'O percentual deve ser de 0 a 100'),
          v.check(
            (percent) => Number.isInteger(Math.round(percent * 100)) && Math.abs(percent * 100 - Math.round(percent * 100)) < 1e-6,
            'Use no máximo duas casas decimais',
          ),
        ),
      }),
      'Informe a escala de estorno (steps).',
    ),
    v.minLength(1, 'Informe ao menos uma faixa.'),
    v.maxLength(MAX_CHARGEBACK_STEPS, `No máximo ${MAX_CHARGEBACK_STEPS} faixas.`),
    v.check(
      (steps) => steps.every((step, index) => index === 0 || step.untilMonth > steps[index - 1]!.untilMonth),
      'Os meses das faixas devem ser crescentes.',
    ),
  ),
});
export type ChargebackRuleInput = v.InferOutput<typeof ChargebackRuleSchema>;

const MONTH = wireMonth('Mês inválido: use AAAA-MM');

/** GET /api/receivables: a month (this one by default) and, optionally, one insurer. */
export const ReceivablesQuerySchema = v.object({
  month: v.optional(MONTH),
  insurerId: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/, 'Seguradora inválida.'), v.transform(Number))),
});
export type ReceivablesQuery = v.InferOutput<typeof ReceivablesQuerySchema>;

/** The most instalments a page of Recebíveis holds. */
export const RECEIVABLE_PAGE_SIZE_MAX = 100;

/**
 * GET /api/receivables/instalments: a month's instalments of one insurer (`none`: the policies with no
 * insurer, Recebíveis' "Sem seguradora"), a page at a time.
 */
export const ReceivableInstalmentsQuerySchema = v.object({
  month: v.optional(MONTH),
  insurerId: required(
    v.pipe(
      v.string('Informe a seguradora.'),
      v.nonEmpty('Informe a seguradora.'),
      v.regex(/^(?:[1-9]\d{0,8}|none)$/, 'Seguradora inválida.'),
      v.transform((value): number | null => (value === 'none' ? null : Number(value))),
    ),
  ),
  page: wirePage,
  pageSize: wirePageSize(RECEIVABLE_PAGE_SIZE_MAX, 50),
});
export type ReceivableInstalmentsQuery = v.InferOutput<typeof ReceivableInstalmentsQuerySchema>;

/** PUT /api/receivables/settings: the tolerance ('0.05') and the grace days. */
export const ReceivableSettingsSchema = v.object({
  tolerance: wireMoney('Informe a tolerância', 'A tolerância não pode ser negativa', MAX_TOLERANCE_CENTS),
  graceDays: v.pipe(
    v.number('Informe os dias de carência'),
    v.integer('Use um número inteiro de dias'),
    v.minValue(0, `Os dias de carência devem ser de 0 a ${MAX_GRACE_DAYS}`),
    v.maxValue(MAX_GRACE_DAYS, `Os dias de carência devem ser de 0 a ${MAX_GRACE_DAYS}`),
  ),
});
export type ReceivableSettingsInput = v.InferOutput<typeof ReceivableSettingsSchema>;

/** PUT /api/statement-lines/{id}/match: the broker decides which instalment a line pays. */
export const LineMatchSchema = v.object({
  policyId: bodyId('Selecione a apólice.'),
  instalment: v.pipe(
    v.number('Informe a parcela.'),
    v.integer('Parcela inválida.'),
    v.minValue(1, 'Parcela inválida.'),
    v.maxValue(999, 'Parcela inválida.'),
  ),
  note: optionalText(500),
});
export type LineMatchInput = v.InferOutput<typeof LineMatchSchema>;

/** POST /api/statement-lines/{id}/unmatch: the line is não identificado again, with why. */
export const LineUnmatchSchema = v.object({ note: optionalText(500) });
export type LineUnmatchInput = v.InferOutput<typeof LineUnmatchSchema>;
