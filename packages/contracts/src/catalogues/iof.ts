import { divideRoundingHalfUp, wireToCents } from '../br/money';
import { lineOf, type LineKey } from '../vocabulary/lines';

/** The decree caps the IOF on insurance at 25%: a product's own rate can be anything up to it. */
export const IOF_RATE_MAX_HUNDREDTHS = 2_500;

export interface IofSuggestion {
  /** Hundredths of a percent (738 = 7,38%). */
  rateHundredths: number;
  /** Where the rate comes from: the product's own rate, or its line's (lines.ts: by the decree). */
  source: 'product' | 'line';
  /** The IOF of the premium in cents (half up), or null without a premium. */
  cents: number | null;
}

/**
 * The IOF to suggest for a premium of the given product: its own rate when set, else its line's
 * (no product: empresarial, a damage line, as issuing assumes).
 */
export function suggestIof(product: { line: LineKey; iofRate: string | null } | undefined, premiumCents: number | null): IofSuggestion {
  const own = product?.iofRate ? wireToCents(product.iofRate) : null;
  const rateHundredths = own ?? lineOf(product?.line ?? 'empresarial').iofHundredths;
  const cents = premiumCents === null ? null : Number(divideRoundingHalfUp(BigInt(premiumCents) * BigInt(rateHundredths), 10_000n));
  return { rateHundredths, source: own === null ? 'line' : 'product', cents };
}
