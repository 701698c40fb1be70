import {
  LINE_KEYS,
  POLICY_TYPE_VALUES,
  divideRoundingHalfUp,
  type CommissionRow,
  type CommissionsSummary,
  type LineKey,
  type PolicyStatus,
  type PolicyType,
} from '@corretora/contracts';

/**
 * The commissions' arithmetic (percentage = net premium × rate; fixed = the amount; monthly = annual ÷ 12), in integer cents. One rounding
 * rule: half up, to the cent, applied once per computed amount. Insurers pay commission on the prêmio líquido (before IOF and juros):
 * R$ 1.000,00 net at 12,5% is R$ 125,00, not 12,5% of the R$ 1.073,80 the client pays. A policy whose net premium is unknown
 * (imported without it) has its commission on the total.
 * - percentage: base × value / 100 → round(baseCents × valueHundredths / 10,000)
 * - fixed: the value in BRL → its cents
 * - monthly revenue = annual / 12 → round(annualCents / 12)
 * - average rate = annual commission / annual commission base of the active policies, in percent with 2 decimals
 */
export interface PolicyFigures {
  id: number;
  policyNumber: string;
  /** Issued without the insurer's number: policyNumber is the provisional PROV-…, which no screen shows. */
  awaitingNumber: boolean;
  contactName: string;
  type: PolicyType;
  line: LineKey;
  premiumCents: number;
  /** The net premium, or the total where the net is unknown. */
  baseCents: number;
  commissionType: 'percentage' | 'fixed';
  /** Hundredths of a percent (percentage) or cents (fixed): the numeric(10,2) × 100. */
  commissionValueHundredths: number;
  commissionValue: string;
  renewalDate: string;
  status: PolicyStatus;
}

export function commissionCents(policy: Pick<PolicyFigures, 'baseCents' | 'commissionType' | 'commissionValueHundredths'>): number {
  if (policy.commissionType === 'fixed') return policy.commissionValueHundredths;
  return Number(divideRoundingHalfUp(BigInt(policy.baseCents) * BigInt(policy.commissionValueHundredths), 10_000n));
}

/** Whole months from `today` until `date` (both YYYY-MM-DD); 0 once it has passed. */
export function monthsUntil(today: string, date: string): number {
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const [ry, rm, rd] = date.split('-').map(Number) as [number, number, number];
  const months = (ry - ty) * 12 + (rm - tm) - (rd < td ? 1 : 0);
  return Math.max(0, months);
}

/** 'YYYY-MM' of the month `offset` months after today's. */
function monthAfter(today: string, offset: number): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Percent with 2 decimals of part / whole, half up ('12.50'); '0.00' when whole is 0. */
function percentOf(part: number, whole: number): string {
  if (whole === 0) return '0.00';
  const hundredths = divideRoundingHalfUp(BigInt(part) * 10_000n, BigInt(whole));
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}

/** Active policies of one type, line and renewal month ('YYYY-MM'): how many, their commission and its base (cents). */
export interface ActiveGroup {
  type: PolicyType;
  line: LineKey;
  renewalMonth: string;
  count: number;
  revenue: number;
  base: number;
}

/**
 * The summary from the active policies, grouped (a large book is summed in SQL, the report groups
 * its rows one by one: the same arithmetic either way).
 */
export function commissionsSummary(
  groups: readonly ActiveGroup[],
  today: string,
  months: number,
  /** 'YYYY-MM' -> the commission its instalments expect (cents): the projection of each month. */
  expectedByMonth: ReadonlyMap<string, number> = new Map(),
): CommissionsSummary {
  const annualRevenue = groups.reduce((sum, group) => sum + group.revenue, 0);
  const annualBase = groups.reduce((sum, group) => sum + group.base, 0);
  const commissionsByType = Object.fromEntries(
    POLICY_TYPE_VALUES.map((type) => [type, { revenue: 0, count: 0 }]),
  ) as CommissionsSummary['commissionsByType'];
  const commissionsByLine = Object.fromEntries(
    LINE_KEYS.map((line) => [line, { revenue: 0, count: 0 }]),
  ) as CommissionsSummary['commissionsByLine'];
  for (const group of groups) {
    commissionsByType[group.type].revenue += group.revenue;
    commissionsByType[group.type].count += group.count;
    commissionsByLine[group.line].revenue += group.revenue;
    commissionsByLine[group.line].count += group.count;
  }
  // A renewal falling in a month brings the commission of the next term (at today's terms) into it,
  // and so does each anniversary after it inside the window: a policy never drops out of the
  // projection at its end date (decisions.md, Commissions query). The parcelas bring the rest.
  const window = Array.from({ length: months }, (_, offset) => monthAfter(today, offset));
  const renewalsByMonth = new Map(window.map((month) => [month, { renewals: 0, revenue: 0 }]));
  for (const group of groups) {
    const first = window.indexOf(group.renewalMonth);
    for (let offset = first; first >= 0 && offset < months; offset += 12) {
      const month = renewalsByMonth.get(window[offset]!)!;
      month.renewals += group.count;
      month.revenue += group.revenue;
    }
  }
  const monthlyBreakdown = window.map((month) => {
    const { renewals, revenue } = renewalsByMonth.get(month)!;
    return { month, renewals, expectedRevenue: (expectedByMonth.get(month) ?? 0) + revenue };
  });
  const activePolicies = groups.reduce((sum, group) => sum + group.count, 0);
  return {
    averageCommissionRate: percentOf(annualRevenue, annualBase),
    annualRevenue,
    monthlyRevenue: Number(divideRoundingHalfUp(BigInt(annualRevenue), 12n)),
    activePolicies,
    commissionsByType,
    commissionsByLine,
    monthlyBreakdown,
  };
}

/** A policy's row of the commissions' table. */
export function commissionRow(policy: PolicyFigures, today: string): CommissionRow {
  return {
    id: policy.id,
    policyNumber: policy.policyNumber,
    awaitingNumber: policy.awaitingNumber,
    contactName: policy.contactName,
    type: policy.type,
    line: policy.line,
    premium: policy.premiumCents,
    commissionBase: policy.baseCents,
    calculatedCommission: commissionCents(policy),
    commissionType: policy.commissionType,
    commissionValue: policy.commissionValue,
    renewalDate: policy.renewalDate,
    monthsUntilRenewal: monthsUntil(today, policy.renewalDate),
    status: policy.status,
  };
}

export function commissions(
  policies: readonly PolicyFigures[],
  today: string,
  months: number,
  /** 'YYYY-MM' -> the commission its instalments expect (cents): the projection of each month. */
  expectedByMonth: ReadonlyMap<string, number> = new Map(),
): { policies: CommissionRow[]; summary: CommissionsSummary } {
  const rows = policies.map((policy) => commissionRow(policy, today));
  const groups = rows
    .filter((row) => row.status === 'active')
    .map((row) => ({
      type: row.type,
      line: row.line,
      renewalMonth: row.renewalDate.slice(0, 7),
      count: 1,
      revenue: row.calculatedCommission,
      base: row.commissionBase,
    }));
  return { policies: rows, summary: commissionsSummary(groups, today, months, expectedByMonth) };
}
