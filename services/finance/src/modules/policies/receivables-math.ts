import { wireToCents, type InstalmentStatus } from '@corretora/contracts';

/** numeric text ('12.50', '-3.00') as integer cents; null stays null. */
export function cents(text: string | null): number | null {
  return text === null ? null : wireToCents(text);
}

/** Days from one ISO date to another (calendar days, no clock). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * An expected instalment's status (docs/finance.md, Receivables): estorno once its insurer took the
 * commission back; with nothing received, não pago once past its due date and the grace days, else
 * pendente; with payments, conciliado when they add up to the expected commission within the
 * tolerance, else pago a menor / a maior. Integer cents throughout.
 */
export function instalmentStatus(input: {
  expectedCents: number;
  receivedCents: number | null;
  hasChargeback: boolean;
  dueDate: string;
  today: string;
  graceDays: number;
  toleranceCents: number;
}): InstalmentStatus {
  if (input.hasChargeback) return 'estorno';
  if (input.receivedCents === null) return daysBetween(input.dueDate, input.today) > input.graceDays ? 'nao_pago' : 'pendente';
  const difference = input.receivedCents - input.expectedCents;
  if (Math.abs(difference) <= input.toleranceCents) return 'conciliado';
  return difference < 0 ? 'pago_a_menor' : 'pago_a_maior';
}
