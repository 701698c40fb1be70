import { wireToCents, type Quote } from '@corretora/contracts';

/** One row of the side-by-side comparison: a coverage and what each quote (in the columns' order) says of it. */
export interface CoverageRow {
  key: string;
  label: string;
  /** Per quote: its limit/detail text, or null where the quote does not include the coverage. */
  cells: (string | null)[];
  /** The quotes do not all say the same: the row is highlighted. */
  differs: boolean;
}

export interface Comparison {
  quotes: Quote[];
  /** The id of the cheapest quote (total premium), and of the one with the widest cover (most coverages, then the higher limits). */
  cheapestId: number | null;
  widestId: number | null;
  rows: CoverageRow[];
}

const cents = (wire: string | null | undefined) => (wire ? (wireToCents(wire) ?? 0) : 0);

/** What a coverage's cell says: the limit in reais and its detail ('R$ 100.000,00 · 15 dias'), or 'Incluída'. */
export function coverageText(coverage: Quote['coverages'][number], money: (cents: number) => string): string {
  const parts = [coverage.limit === null ? null : money(cents(coverage.limit)), coverage.detail].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Incluída';
}

/**
 * The quotes side by side: the cheapest first (ties: the older first), the coverages of all of them
 * row by row in the order they first appear, each row marked when the quotes differ on it.
 */
export function compareQuotes(list: readonly Quote[], money: (cents: number) => string): Comparison {
  const quotes = [...list].sort((a, b) => cents(a.totalPremium) - cents(b.totalPremium) || a.id - b.id);
  const labels = new Map<string, string>();
  for (const quote of quotes)
    for (const coverage of quote.coverages) if (!labels.has(coverage.key)) labels.set(coverage.key, coverage.label);
  const rows = [...labels].map(([key, label]) => {
    const cells = quotes.map((quote) => {
      const coverage = quote.coverages.find((candidate) => candidate.key === key);
      return coverage ? coverageText(coverage, money) : null;
    });
    return { key, label, cells, differs: new Set(cells).size > 1 };
  });
  const breadth = (quote: Quote) =>
    [quote.coverages.length, quote.coverages.reduce((sum, coverage) => sum + cents(coverage.limit), 0)] as const;
  let widest: Quote | null = null;
  for (const quote of quotes) {
    if (!widest) widest = quote;
    else {
      const [count, limits] = breadth(quote);
      const [bestCount, bestLimits] = breadth(widest);
      if (count > bestCount || (count === bestCount && limits > bestLimits)) widest = quote;
    }
  }
  // Quotes that all cover the same (count and limits) have no widest.
  const even = quotes.every((quote) => breadth(quote).join() === breadth(quotes[0]!).join());
  return { quotes, cheapestId: quotes[0]?.id ?? null, widestId: quotes.length > 1 && !even ? (widest?.id ?? null) : null, rows };
}

/** How a payment option reads: 'À vista R$ 2.750,99' or '10x de R$ 250,00 com juros'. */
export function paymentText(option: Quote['paymentOptions'][number], money: (cents: number) => string): string {
  if (option.instalments === 1) return `À vista ${money(cents(option.amount))}`;
  return `${option.instalments}x de ${money(cents(option.amount))}${option.interest ? ' com juros' : ' sem juros'}`;
}

/** How many quotes the comparison puts side by side before it asks (a deal rarely has more; a table of hundreds helps nobody). */
export const SIDE_BY_SIDE = 12;

/** The comparison's first `count` columns (the cheapest), each row's difference judged among them. */
export function firstColumns(comparison: Comparison, count: number): Comparison {
  if (comparison.quotes.length <= count) return comparison;
  const quotes = comparison.quotes.slice(0, count);
  const shown = new Set(quotes.map((quote) => quote.id));
  const rows = comparison.rows
    .map((row) => ({ ...row, cells: row.cells.slice(0, count) }))
    .filter((row) => row.cells.some((cell) => cell !== null))
    .map((row) => ({ ...row, differs: new Set(row.cells).size > 1 }));
  return {
    quotes,
    rows,
    cheapestId: comparison.cheapestId,
    widestId: comparison.widestId !== null && shown.has(comparison.widestId) ? comparison.widestId : null,
  };
}
