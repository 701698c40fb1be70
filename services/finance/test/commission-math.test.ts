import { commissionCents, commissions, monthsUntil, type PolicyFigures } from '../src/modules/policies/commission-math';

describe('commission arithmetic, in integer cents, half up', () => {
  test.each([
    // net premium cents, percent hundredths, commission cents
    [100_000, 1_000, 10_000], // R$ 1.000,00 × 10% = R$ 100,00
    [107_380, 1_250, 13_423], // 13.422,5 → 13.423: half goes up
    [107_379, 1_250, 13_422], // 13.422,375 → 13.422
    [1, 4_999, 0], // 0,4999 → 0
    [1, 5_000, 1], // 0,5 → 1
    [3, 3_333, 1], // 0,9999 → 1
    [0, 9_999, 0],
    [9_999_999_999, 9_999, 9_998_999_999], // the largest premium at 99.99%: 9.998.999.999,0001 → exact in integers
  ])('%i cents at %i hundredths of a percent is %i cents', (baseCents, hundredths, expected) => {
    expect(commissionCents({ baseCents, commissionType: 'percentage', commissionValueHundredths: hundredths })).toBe(expected);
  });

  test('a fixed commission is its value in cents whatever the premium', () => {
    expect(commissionCents({ baseCents: 123_456, commissionType: 'fixed', commissionValueHundredths: 8_000 })).toBe(8_000);
  });

  test('on the net premium: R$ 1.000,00 net (R$ 1.073,80 with IOF) at 12,5% is R$ 125,00, and the average rate is the rate', () => {
    const result = commissions(
      [
        {
          id: 1,
          policyNumber: 'P',
          awaitingNumber: false,
          contactName: 'C',
          type: 'auto',
          line: 'auto',
          premiumCents: 107_380,
          baseCents: 100_000,
          commissionType: 'percentage',
          commissionValueHundredths: 1_250,
          commissionValue: '12.50',
          renewalDate: '2027-01-10',
          status: 'active',
        },
      ],
      '2026-11-23',
      1,
    );
    expect(result.policies[0]).toMatchObject({ premium: 107_380, commissionBase: 100_000, calculatedCommission: 12_500 });
    expect(result.summary).toMatchObject({ annualRevenue: 12_500, averageCommissionRate: '12.50' });
  });

  test.each([
    ['2026-11-23', '2026-11-23', 0],
    ['2026-11-23', '2026-12-22', 0],
    ['2026-11-23', '2026-12-23', 1],
    ['2026-11-23', '2027-11-23', 12],
    ['2026-11-23', '2025-01-01', 0],
    ['2026-01-31', '2026-02-28', 0],
  ])('from %s to %s is %i whole months', (today, date, months) => {
    expect(monthsUntil(today, date)).toBe(months);
  });

  const policy = (overrides: Partial<PolicyFigures>): PolicyFigures => {
    const premiumCents = overrides.premiumCents ?? 100_000;
    return {
      id: 1,
      policyNumber: 'P',
      awaitingNumber: false,
      contactName: 'C',
      type: 'auto',
      line: 'auto',
      premiumCents,
      baseCents: premiumCents,
      commissionType: 'percentage',
      commissionValueHundredths: 1_000,
      commissionValue: '10.00',
      renewalDate: '2027-01-10',
      status: 'active',
      ...overrides,
    };
  };

  test('monthly revenue rounds the annual sum once, half up; inactive policies count nowhere', () => {
    const result = commissions(
      [
        policy({ id: 1, premiumCents: 60, commissionValueHundredths: 10_000 - 1 }),
        policy({ id: 2, status: 'cancelled' }),
        policy({ id: 3, status: 'expired' }),
      ],
      '2026-11-23',
      6,
    );
    // 60 × 99.99% = 59.994 → 60 cents a year; 60 / 12 = 5
    expect(result.summary).toMatchObject({ annualRevenue: 60, monthlyRevenue: 5, activePolicies: 1 });
    expect(
      commissions([policy({ premiumCents: 1_800, commissionValueHundredths: 10_000 - 1 })], '2026-11-23', 6).summary.monthlyRevenue,
    ).toBe(150);
    // 18 cents a year: 1.5 a month → 2
    expect(commissions([policy({ premiumCents: 18, commissionValueHundredths: 9_999 })], '2026-11-23', 6).summary.monthlyRevenue).toBe(2);
    expect(result.summary.monthlyBreakdown.map((month) => month.month)).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
    ]);
    // A month's projection is what its instalments expect (given by the service) plus the commission of the
    // renewals falling in it, at today's terms: 60 × 99.99% → 60 in January 2027.
    expect(result.summary.monthlyBreakdown[2]).toEqual({ month: '2027-01', renewals: 1, expectedRevenue: 60 });
    expect(
      commissions([policy({})], '2026-11-23', 6, new Map([['2026-12', 4167]]))
        .summary.monthlyBreakdown.slice(0, 3)
        .map((month) => month.expectedRevenue),
    ).toEqual([0, 4167, 10_000]);
    // 24 months: the policy renews again a year later, never dropping out at its end date.
    const twoYears = commissions([policy({})], '2026-11-23', 24).summary.monthlyBreakdown;
    expect(twoYears.filter((month) => month.renewals > 0).map(({ month, expectedRevenue }) => [month, expectedRevenue])).toEqual([
      ['2027-01', 10_000],
      ['2028-01', 10_000],
    ]);
    expect(commissions([], '2026-11-23', 12).summary).toMatchObject({
      averageCommissionRate: '0.00',
      annualRevenue: 0,
      monthlyBreakdown: expect.any(Array),
    });
  });
});
