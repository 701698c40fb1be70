/**
 * Instalments' arithmetic, in integer cents. The rule (docs/finance.md): an amount split
 * into n instalments gives each floor(amount / n) cents and the first (amount mod n) instalments one
 * cent more, so the instalments add up to the amount exactly and differ by at most a cent. The
 * premium and the expected commission are split by the same rule, each on its own.
 */
export function splitCents(amount: number, parts: number): number[] {
  if (!Number.isSafeInteger(amount) || amount < 0 || !Number.isInteger(parts) || parts < 1)
    throw new Error(`cannot split ${amount} into ${parts}`);
  const base = Math.floor(amount / parts);
  const remainder = amount - base * parts;
  return Array.from({ length: parts }, (_, index) => base + (index < remainder ? 1 : 0));
}

/** The date `months` months after an ISO date, on the same day or the month's last (31/01 + 1 = 28/02 or 29/02). */
export function addMonths(iso: string, months: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return `${String(targetYear).padStart(4, '0')}-${String(targetMonth).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

export interface PlannedInstalment {
  number: number;
  dueDate: string;
  premiumCents: number;
  commissionCents: number;
}

/** n monthly instalments from the first due date, premium and commission split exactly. */
export function planInstalments(
  premiumCents: number,
  commissionCents: number,
  instalments: number,
  firstDueDate: string,
): PlannedInstalment[] {
  const premiums = splitCents(premiumCents, instalments);
  const commissions = splitCents(commissionCents, instalments);
  return premiums.map((premium, index) => ({
    number: index + 1,
    dueDate: addMonths(firstDueDate, index),
    premiumCents: premium,
    commissionCents: commissions[index]!,
  }));
}
