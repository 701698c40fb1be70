/**
 * Receivables: what an instalment's commission became once the insurers' statements came in,
 * the chargeback scales, and the defaults a broker can change. Apart from the schemas, so a screen
 * that shows labels carries no valibot.
 */
import { comparableName } from '../br/text';

/**
 * An expected instalment's status: pendente (not due, or inside the grace days), conciliado (paid
 * within the tolerance), pago a menor / a maior, não pago (past due + grace with nothing paid),
 * estorno (the insurer took its commission back).
 */
export const INSTALMENT_STATUSES = ['pendente', 'conciliado', 'pago_a_menor', 'pago_a_maior', 'nao_pago', 'estorno'] as const;
export type InstalmentStatus = (typeof INSTALMENT_STATUSES)[number];
export const INSTALMENT_STATUS_LABELS: Record<InstalmentStatus, string> = {
  pendente: 'A receber',
  conciliado: 'Conciliado',
  pago_a_menor: 'Pago a menor',
  pago_a_maior: 'Pago a maior',
  nao_pago: 'Não pago',
  estorno: 'Estorno',
};
/** Statuses that leave money to chase (the 'Diferenças em aberto'). */
export const OPEN_DIFFERENCE_STATUSES: readonly InstalmentStatus[] = ['pago_a_menor', 'pago_a_maior', 'nao_pago'];

/** A statement line: matched to an instalment (with the status it gives), or não identificado. */
export type LineMatchStatus = 'conciliado' | 'pago_a_menor' | 'pago_a_maior' | 'estorno' | 'nao_identificado';
export const LINE_MATCH_LABELS: Record<LineMatchStatus, string> = {
  conciliado: 'Conciliado',
  pago_a_menor: 'Pago a menor',
  pago_a_maior: 'Pago a maior',
  estorno: 'Estorno',
  nao_identificado: 'Não identificado',
};
/** How a line found its instalment: the policy number, the client's CPF/CNPJ and amount, or the broker. */
export type LineMatchedBy = 'numero' | 'documento' | 'manual';
export const LINE_MATCHED_BY_LABELS: Record<LineMatchedBy, string> = {
  numero: 'pelo número da apólice',
  documento: 'pelo CPF/CNPJ e valor',
  manual: 'manualmente',
};

/** A difference up to this many cents still reconciles (R$ 0,05), unless the broker sets another. */
export const DEFAULT_TOLERANCE_CENTS = 5;
/** Days past the due date before an unpaid instalment is não pago. */
export const DEFAULT_GRACE_DAYS = 10;
export const MAX_TOLERANCE_CENTS = 100_000;
export const MAX_GRACE_DAYS = 180;

/** One step of a chargeback scale: cancelled up to month `untilMonth` of the policy, `percent` of its commission returns. */
export interface ChargebackStep {
  untilMonth: number;
  /** 0 to 100, up to two decimals. */
  percent: number;
}
export const MAX_CHARGEBACK_STEPS = 24;
export const MAX_CHARGEBACK_MONTH = 120;

/** Every insurer's scale until the broker sets one: 100% in the first 6 months. */
export const DEFAULT_CHARGEBACK_STEPS: readonly ChargebackStep[] = [{ untilMonth: 6, percent: 100 }];
/** Porto Seguro's: 100% in the first 6 months, then 75/50/35/25/15% per 6-month step up to 36 months. */
export const PORTO_CHARGEBACK_STEPS: readonly ChargebackStep[] = [
  { untilMonth: 6, percent: 100 },
  { untilMonth: 12, percent: 75 },
  { untilMonth: 18, percent: 50 },
  { untilMonth: 24, percent: 35 },
  { untilMonth: 30, percent: 25 },
  { untilMonth: 36, percent: 15 },
];

/** The scale an insurer starts with, by its name (Porto Seguro's own, else the default). */
export function seededChargebackSteps(insurerName: string): readonly ChargebackStep[] {
  return /\bporto\b/.test(comparableName(insurerName)) ? PORTO_CHARGEBACK_STEPS : DEFAULT_CHARGEBACK_STEPS;
}

/**
 * The month of the policy a cancellation falls in (the start's month is month 1: cancelled on
 * 2026-08-15 after starting 2026-01-01 is month 8), and the percent the scale returns for it.
 */
export function cancellationMonth(startDate: string, cancelledOn: string): number {
  const [startYear, startMonth, startDay] = startDate.split('-').map(Number) as [number, number, number];
  const [year, month, day] = cancelledOn.split('-').map(Number) as [number, number, number];
  const whole = (year - startYear) * 12 + (month - startMonth) - (day < startDay ? 1 : 0);
  return Math.max(0, whole) + 1;
}

export function chargebackPercent(steps: readonly ChargebackStep[], month: number): number {
  return [...steps].sort((a, b) => a.untilMonth - b.untilMonth).find((step) => month <= step.untilMonth)?.percent ?? 0;
}
