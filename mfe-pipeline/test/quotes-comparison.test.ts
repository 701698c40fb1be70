import { formatMoney, type Quote } from '@corretora/contracts';
import { compareQuotes, firstColumns, paymentText } from '../src/features/quotes/utils/comparison';

function quote(id: number, totalPremium: string, coverages: Quote['coverages']): Quote {
  return {
    id,
    cardId: 1,
    renewalId: null,
    contactId: 1,
    insurerId: id,
    line: 'auto',
    totalPremium,
    netPremium: null,
    iof: null,
    paymentOptions: [],
    deductible: null,
    coverages,
    validUntil: null,
    insurerQuoteNumber: null,
    documentId: null,
    status: 'draft',
    insuredItem: null,
    note: null,
    responsibleId: 'm',
    disclosure: null,
    createdAt: '2026-12-01T10:00:00Z',
    updatedAt: '2026-12-01T10:00:00Z',
  };
}

const casco = { key: 'casco', label: 'Casco', limit: null, detail: '100% FIPE' };
const rcf = (limit: string) => ({ key: 'rcf', label: 'RCF', limit, detail: null });
const vidros = { key: 'vidros', label: 'Vidros', limit: null, detail: null };

test('the quotes side by side: the cheapest first and marked, the widest cover marked, the rows where they differ highlighted', () => {
  const comparison = compareQuotes(
    [
      quote(1, '3000.00', [casco, rcf('100000.00')]),
      quote(2, '2500.00', [casco, rcf('50000.00')]),
      quote(3, '2999.99', [casco, rcf('100000.00'), vidros]),
    ],
    formatMoney,
  );
  expect(comparison.quotes.map((entry) => entry.id)).toEqual([2, 3, 1]);
  expect(comparison.cheapestId).toBe(2);
  expect(comparison.widestId).toBe(3);
  expect(comparison.rows.map((row) => [row.key, row.differs])).toEqual([
    ['casco', false],
    ['rcf', true],
    ['vidros', true],
  ]);
  expect(comparison.rows[1]!.cells).toEqual([formatMoney(5_000_000), formatMoney(10_000_000), formatMoney(10_000_000)]);
  expect(comparison.rows[2]!.cells).toEqual([null, 'Incluída', null]);
  // Same coverages: the higher limits are the widest cover.
  expect(compareQuotes([quote(1, '1.00', [rcf('10.00')]), quote(2, '2.00', [rcf('20.00')])], formatMoney).widestId).toBe(2);
  // Quotes that cover the same: none is the widest.
  expect(compareQuotes([quote(1, '1.00', [rcf('10.00')]), quote(2, '2.00', [rcf('10.00')])], formatMoney).widestId).toBeNull();
  // One quote is no comparison: nothing is the widest.
  expect(compareQuotes([quote(1, '1.00', [casco])], formatMoney).widestId).toBeNull();
});

test('a payment option reads as a broker says it', () => {
  expect(paymentText({ instalments: 1, amount: '2750.99', interest: false }, formatMoney)).toBe(`À vista ${formatMoney(275_099)}`);
  expect(paymentText({ instalments: 10, amount: '250.00', interest: true }, formatMoney)).toBe(`10x de ${formatMoney(25_000)} com juros`);
});

test('past a dozen quotes the comparison shows the cheapest side by side, its rows judged among them', () => {
  const many = Array.from({ length: 15 }, (_, index) => quote(index + 1, `${1000 + index}.00`, index === 14 ? [casco, vidros] : [casco]));
  const whole = compareQuotes(many, formatMoney);
  const shown = firstColumns(whole, 12);
  expect(shown.quotes.map((entry) => entry.id)).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
  // Vidros is only in the 15th quote: not a row of the twelve shown; casco is the same in all of them.
  expect(shown.rows.map((row) => [row.key, row.differs])).toEqual([['casco', false]]);
  expect(shown.cheapestId).toBe(1);
  // The widest cover (the 15th) is not among them: nothing shown is marked so.
  expect(whole.widestId).toBe(15);
  expect(shown.widestId).toBeNull();
  expect(firstColumns(whole, 20)).toBe(whole);
});
