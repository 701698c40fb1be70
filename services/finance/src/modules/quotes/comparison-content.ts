import { formatMoney, wireToCents, type ComparisonQuote } from '@corretora/contracts';

const reais = (wire: string) => formatMoney(wireToCents(wire));

/** A quote's payment options as the client reads them ('À vista R$ 2.750,99', '10x de R$ 250,00 sem juros'). */
export function paymentLines(quote: Pick<ComparisonQuote, 'paymentOptions'>): string[] {
  return quote.paymentOptions.map((option) =>
    option.instalments === 1
      ? `À vista ${reais(option.amount)}`
      : `${option.instalments}x de ${reais(option.amount)} ${option.interest ? 'com juros' : 'sem juros'}`,
  );
}

/** What a quote says of a coverage: its limit and detail, 'Incluída', or 'Não inclui'. */
export function coverageCell(quote: Pick<ComparisonQuote, 'coverages'>, key: string): string {
  const coverage = quote.coverages.find((candidate) => candidate.key === key);
  if (!coverage) return 'Não inclui';
  const parts = [coverage.limit === null ? null : reais(coverage.limit), coverage.detail].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Incluída';
}
