/** Builds the exact decimal string of an amount in cents, so no float ever rounds it. */
function centsToDecimalString(cents: number): `${number}` {
  const negative = cents < 0;
  const digits = String(Math.abs(Math.trunc(cents))).padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}` as `${number}`;
}

/**
 * '1.234,56' (reais grouped by thousands, the cents after a comma), written from the digits of the
 * integer cents: what Intl's pt-BR format gives, without a float and without Intl, whose first object
 * costs a page ~35–60 ms of ICU's start-up in Chromium (the portal's first page measured it).
 */
function groupedAmount(cents: number): string {
  const decimal = centsToDecimalString(cents);
  const [reais = '0', fraction = '00'] = decimal.replace('-', '').split('.');
  return `${decimal.startsWith('-') ? '-' : ''}${reais.replace(/\B(?=(\d{3})+$)/g, '.')},${fraction}`;
}

/** 'R$ 1.234,56' ('-R$ 1.234,56' below zero); zero or empty shows 'R$ 0,00'. A plain space, not Intl's no-break one. */
export function formatMoney(cents: number | null | undefined): string {
  const amount = groupedAmount(cents == null || Number.isNaN(cents) ? 0 : cents);
  return amount.startsWith('-') ? `-R$ ${amount.slice(1)}` : `R$ ${amount}`;
}

/** '1.234,56' (no currency symbol), for inputs. */
export function formatMoneyInput(cents: number | null | undefined): string {
  return groupedAmount(cents ?? 0);
}

/**
 * Parses what a broker types ('1.234,56', 'R$ 10', '0,5') into integer cents; dots are thousand
 * separators and the comma is the decimal separator. Returns null for anything else.
 */
export function parseMoneyToCents(text: string): number | null {
  const cleaned = text.replace(/R\$/g, '').replace(/\s/g, '');
  if (!/^\d{1,3}(\.?\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$/.test(cleaned)) return null;
  const [integerPart = '0', decimalPart = ''] = cleaned.split(',');
  const reais = Number(integerPart.replace(/\./g, ''));
  const cents = reais * 100 + Number(decimalPart.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** A percentage held in hundredths, as a reader expects it: 738 -> '7,38%'. Exact, no float. */
export function formatPercent(hundredths: number): string {
  return `${formatMoneyInput(hundredths)}%`;
}

/** Digit mask for money inputs: every digit typed shifts in from the right ('123' -> '1,23'). */
export function maskMoneyInput(text: string): string {
  const digits = text
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 15);
  return formatMoneyInput(digits ? Number(digits) : 0);
}

/**
 * Money on the wire: decimal(10,2) fields travel as strings in reais with two
 * decimals ('1248.00'). Exact: built from the integer cents, never through a float.
 */
export function centsToWire(cents: number): string {
  return centsToDecimalString(cents);
}

/** '1248.00', '1248.5' or '1248' as integer cents; null for anything else (a JSON number too: no floats). */
export function wireToCents(value: string): number | null {
  const text = value.trim();
  const match = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/**
 * numerator / denominator rounded half up (0.5 cent goes up), in integers only: the one rounding
 * rule of every computed amount (commissions, monthly revenue).
 */
export function divideRoundingHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}
