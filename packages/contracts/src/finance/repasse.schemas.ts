import * as v from 'valibot';
import { LINE_KEYS } from '../vocabulary/lines';
import { responsibleFilter } from '../vocabulary/responsible-field';
import { bodyId, wireMonth } from '../wire-fields';

/**
 * Repasse: a member's commission rules, a policy's participants and the month's ledger. Percents
 * and shares are numbers with at most two decimals (as the chargeback scale's); money is the wire's
 * decimal strings.
 */
export const MAX_PARTICIPANTS = 3;
export const MAX_COMMISSION_RULES = 200;
export const BUSINESS_KINDS = ['new', 'renewal', 'any'] as const;
export type BusinessKind = (typeof BUSINESS_KINDS)[number];
export const PARTICIPANT_ROLES = ['producer', 'angariador'] as const;
export type ParticipantRole = (typeof PARTICIPANT_ROLES)[number];

function hundredthsOk(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/** A percent of 0 to 100 with at most two decimals. */
function percentField(what: string) {
  return v.pipe(
    v.number(`Informe ${what}`),
    v.minValue(0, `${what[0]!.toUpperCase()}${what.slice(1)} deve ser de 0 a 100`),
    v.maxValue(100, `${what[0]!.toUpperCase()}${what.slice(1)} deve ser de 0 a 100`),
    v.check(hundredthsOk, 'Use no máximo duas casas decimais'),
  );
}

/** PUT /api/team/members/{id}/commission-rules: the member's default and their rules by insurer × line × business. */
export const CommissionRulesSchema = v.object({
  default: v.nullable(percentField('o percentual padrão')),
  rules: v.pipe(
    v.array(
      v.pipe(
        v.object({
          insurerId: v.optional(v.nullable(bodyId('Seguradora inválida.')), null),
          line: v.optional(v.nullable(v.picklist(LINE_KEYS, 'Ramo inválido')), null),
          business: v.optional(v.picklist(BUSINESS_KINDS, 'Escolha novo, renovação ou qualquer'), 'any'),
          percent: percentField('o percentual'),
        }),
        v.check(
          (rule) => rule.insurerId !== null || rule.line !== null || rule.business !== 'any',
          'Uma regra precisa de seguradora, ramo ou tipo de negócio (sem eles, use o percentual padrão)',
        ),
      ),
      'Informe as regras (rules).',
    ),
    v.maxLength(MAX_COMMISSION_RULES, `No máximo ${MAX_COMMISSION_RULES} regras.`),
    v.check((rules) => {
      const keys = rules.map((rule) => `${rule.insurerId ?? ''}|${rule.line ?? ''}|${rule.business}`);
      return new Set(keys).size === keys.length;
    }, 'Há duas regras para a mesma seguradora, ramo e tipo de negócio.'),
  ),
});
export type CommissionRulesInput = v.InferOutput<typeof CommissionRulesSchema>;

const PARTICIPANT = v.pipe(
  v.object({
    memberId: v.optional(v.nullable(v.pipe(v.string('Escolha um membro da equipe'), v.uuid('Escolha um membro da equipe'))), null),
    name: v.optional(
      v.nullable(
        v.pipe(
          v.string('Nome inválido'),
          v.trim(),
          v.maxLength(120, 'O nome deve ter no máximo 120 caracteres'),
          v.transform((value) => (value === '' ? null : value)),
        ),
      ),
      null,
    ),
    role: v.picklist(PARTICIPANT_ROLES, 'Escolha produtor ou angariador'),
    share: v.pipe(
      v.number('Informe a participação'),
      v.minValue(0.01, 'A participação deve ser maior que zero'),
      v.maxValue(100, 'A participação deve ser de até 100%'),
      v.check(hundredthsOk, 'Use no máximo duas casas decimais'),
    ),
    /** The percent of the net commission an angariador without a login is paid (a member's comes from their rules). */
    percent: v.optional(v.nullable(percentField('o percentual do angariador')), null),
  }),
  v.forward(
    v.check(
      (participant) => participant.memberId !== null || participant.name !== null,
      'Escolha um membro ou informe o nome do angariador',
    ),
    ['name'],
  ),
  v.forward(
    v.check(
      (participant) => participant.memberId !== null || participant.percent !== null,
      'Informe o percentual do angariador sem acesso ao sistema',
    ),
    ['percent'],
  ),
);

/** A policy's participants (PATCH /api/policies/{id}): one to three, shares adding up to 100 %. */
export const participantsField = v.pipe(
  v.array(PARTICIPANT, 'Informe os participantes'),
  v.minLength(1, 'Informe ao menos um participante'),
  v.maxLength(MAX_PARTICIPANTS, `No máximo ${MAX_PARTICIPANTS} participantes`),
  v.check(
    (list) => list.reduce((total, participant) => total + Math.round(participant.share * 100), 0) === 10_000,
    'As participações devem somar 100%',
  ),
  v.check((list) => {
    const members = list.flatMap((participant) => (participant.memberId ? [participant.memberId] : []));
    return new Set(members).size === members.length;
  }, 'O mesmo membro aparece duas vezes'),
);
export type ParticipantsInput = v.InferOutput<typeof participantsField>;

const MONTH = wireMonth('Mês inválido: use AAAA-MM');

/** GET /api/repasse (and .csv, statement.pdf): a month (this one by default), optionally one member. */
export const RepasseQuerySchema = v.object({
  month: v.optional(MONTH),
  memberId: responsibleFilter,
});
export type RepasseQuery = v.InferOutput<typeof RepasseQuerySchema>;

const STATEMENT_WHO = 'Escolha um membro da equipe ou um angariador';

/**
 * GET /api/repasse/statement.pdf: one participant's month — a member of the team (`memberId`, a
 * disabled one too), or an angariador without a login by name (`angariador`).
 */
export const RepasseStatementQuerySchema = v.pipe(
  v.object({
    month: v.optional(MONTH),
    memberId: v.optional(v.pipe(v.string(STATEMENT_WHO), v.uuid(STATEMENT_WHO))),
    angariador: v.optional(v.pipe(v.string(STATEMENT_WHO), v.trim(), v.nonEmpty(STATEMENT_WHO), v.maxLength(120, STATEMENT_WHO))),
  }),
  v.forward(
    v.partialCheck(
      [['memberId'], ['angariador']],
      (input) => (input.memberId === undefined) !== (input.angariador === undefined),
      STATEMENT_WHO,
    ),
    ['memberId'],
  ),
);

/** POST /api/repasse/{month}/close. */
export const RepasseMonthParamSchema = MONTH;

/**
 * POST /api/repasse/{month}/close: a past month closes as asked; this month, before it
 * ends, only with `beforeItEnds` (the screen asks twice): a commission reconciled later becomes an
 * adjustment in the next open month.
 */
export const RepasseCloseSchema = v.object({
  beforeItEnds: v.optional(v.boolean('Informe se fecha o mês antes do fim'), false),
});
export type RepasseCloseInput = v.InferOutput<typeof RepasseCloseSchema>;
