import { divideRoundingHalfUp, wireToCents } from '../br/money';
import type { PolicyTypeValue } from '../options/broker-options';

/**
 * IOF on insurance premiums (Decreto 6.306/2007, art. 22), by line, in hundredths of a percent:
 * 0,38% for life and personal accident, 2,38% for private health plans, 7,38% for the other lines
 * (auto, home, business: the damage lines). The finalize form suggests the IOF from it; a product
 * may override the rate in Configurações (decisions: the suggestion is editable, never imposed).
 */
export const IOF_LINES = {
  damage: { label: 'Danos', hundredths: 738 },
  life: { label: 'Vida e acidentes pessoais', hundredths: 38 },
  health: { label: 'Saúde', hundredths: 238 },
} as const;
export type IofLine = keyof typeof IOF_LINES;

/** The decree caps the IOF on insurance at 25%: a product's own rate can be anything up to it. */
export const IOF_RATE_MAX_HUNDREDTHS = 2_500;

export const POLICY_TYPE_IOF_LINE: Record<PolicyTypeValue, IofLine> = { auto: 'damage', home: 'damage', business: 'damage', life: 'life' };

export interface IofSuggestion {
  /** Hundredths of a percent (738 = 7,38%). */
  rateHundredths: number;
  /** Where the rate comes from: the product's own rate, or its line's. */
  source: 'product' | IofLine;
  /** The IOF of the premium in cents (half up), or null without a premium. */
  cents: number | null;
}

/**
 * The IOF to suggest for a premium of the given product: its own rate when set, else the line of
 * its policy type (none set: business, a damage line, as issuing assumes).
 */
export function suggestIof(
  product: { policyType: PolicyTypeValue | null; iofRate: string | null } | undefined,
  premiumCents: number | null,
): IofSuggestion {
  const own = product?.iofRate ? wireToCents(product.iofRate) : null;
  const line = POLICY_TYPE_IOF_LINE[product?.policyType ?? 'business'];
  const rateHundredths = own ?? IOF_LINES[line].hundredths;
  const cents = premiumCents === null ? null : Number(divideRoundingHalfUp(BigInt(premiumCents) * BigInt(rateHundredths), 10_000n));
  return { rateHundredths, source: own === null ? line : 'product', cents };
}
