import {
  FINANCE_OPERATIONS as OPS,
  formatDate,
  formatMoney,
  lineLabel,
  wireToCents,
  type ComparisonQuote,
  type PublicComparison,
} from '@corretora/contracts';
import { operationUrl, useLocation, useOperation } from '@corretora/web-kit';
import { Badge } from '@corretora/web-kit/fluent/badge';
import { Body1, Caption1, Link, Spinner, Subtitle2, Text, Title2 } from '@corretora/web-kit/fluent/core';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { usePublicPageStyles } from '../../lib/public-page';
import { Notice } from '@corretora/web-kit/ui';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))', gap: tokens.spacingHorizontalL },
  quote: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  premium: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold },
  // The brokerage's logo as sent: at most 4 rem high and the screen's width, its proportions kept.
  logo: { display: 'block', maxHeight: '4rem', maxWidth: '100%', width: 'auto', height: 'auto', objectFit: 'contain' },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
});

const reais = (wire: string) => formatMoney(wireToCents(wire));

function QuoteCard({ quote }: { quote: ComparisonQuote }) {
  const styles = useStyles();
  return (
    <article className={styles.quote} aria-label={`Cotação da ${quote.insurerName}`}>
      <Subtitle2 as="h2">{quote.insurerName}</Subtitle2>
      {quote.recommended ? (
        <Badge color="brand" appearance="filled">
          Recomendada pela corretora
        </Badge>
      ) : null}
      <Caption1>{lineLabel(quote.line)}</Caption1>
      <Text className={styles.premium}>{reais(quote.totalPremium)}</Text>
      <Caption1>Prêmio total{quote.iof ? `, com ${reais(quote.iof)} de IOF` : ''}</Caption1>
      {quote.paymentOptions.length ? (
        <ul className={styles.list} aria-label="Formas de pagamento">
          {quote.paymentOptions.map((option) => (
            <li key={`${option.instalments}-${option.amount}`}>
              <Body1>
                {option.instalments === 1
                  ? `À vista ${reais(option.amount)}`
                  : `${option.instalments}x de ${reais(option.amount)} ${option.interest ? 'com juros' : 'sem juros'}`}
              </Body1>
            </li>
          ))}
        </ul>
      ) : null}
      <Body1>
        Franquia:{' '}
        {quote.deductible
          ? quote.deductible.kind === 'isenta' || !quote.deductible.amount
            ? 'isenta'
            : reais(quote.deductible.amount)
          : 'não informada'}
      </Body1>
      <ul className={styles.list} aria-label="Coberturas">
        {quote.coverages.map((coverage) => (
          <li key={coverage.key}>
            <Body1>
              {coverage.label}
              {coverage.limit || coverage.detail
                ? `: ${[coverage.limit ? reais(coverage.limit) : null, coverage.detail].filter(Boolean).join(' · ')}`
                : ''}
            </Body1>
          </li>
        ))}
      </ul>
      {quote.validUntil ? <Caption1>Cotação válida até {formatDate(quote.validUntil)}</Caption1> : null}
    </article>
  );
}

/**
 * /cotacao#token=…: the client's comparison, without a session — the quotes the broker chose, the
 * cheapest first, and the PDF; the token stays in the fragment (never in a log, kept for a reload).
 */
export default function ComparisonPage() {
  const frame = usePublicPageStyles();
  const styles = useStyles();
  const location = useLocation();
  const [token] = useState(() => new URLSearchParams(location.hash.slice(1)).get('token') ?? '');
  const valid = /^[\w-]{20,100}$/.test(token);
  const comparison = useOperation(OPS.publicComparison, { params: { token: valid ? token : 'x'.repeat(20) } }, { enabled: valid });
  if (!valid || comparison.isError)
    return (
      <main className={mergeClasses(frame.page, frame.wide)}>
        <Title2 as="h1">Comparativo de cotações</Title2>
        <Notice intent="error">Comparativo não encontrado ou expirado. Peça um novo link à corretora.</Notice>
      </main>
    );
  if (!comparison.data)
    return (
      <main className={mergeClasses(frame.page, frame.wide)}>
        <Spinner label="Carregando o comparativo..." />
      </main>
    );
  const data: PublicComparison = comparison.data;
  const { brokerage } = data;
  return (
    <main className={mergeClasses(frame.page, frame.wide)}>
      {brokerage.logoUrl ? <img className={styles.logo} src={brokerage.logoUrl} alt={`Logotipo de ${brokerage.name}`} /> : null}
      <Title2 as="h1">Comparativo de cotações — {brokerage.name}</Title2>
      <Body1>
        Olá, {data.clientName}. Estas são as cotações {data.insuredItem ? `para ${data.insuredItem}` : 'do seu seguro'}, da mais barata para
        a mais cara.
      </Body1>
      <div className={styles.grid}>
        {data.quotes.map((quote) => (
          <QuoteCard key={`${quote.insurerName}-${quote.totalPremium}`} quote={quote} />
        ))}
      </div>
      <Body1>
        <Link href={operationUrl(OPS.publicComparisonPdf, { params: { token } })}>Baixar o comparativo em PDF</Link>
      </Body1>
      <Caption1>
        {[
          brokerage.name,
          brokerage.cnpj && `CNPJ ${brokerage.cnpj}`,
          brokerage.susep && `SUSEP ${brokerage.susep}`,
          brokerage.phone,
          brokerage.email,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Caption1>
      <Caption1>
        Link válido até {formatDate(data.expiresAt)}. Valores informados pelas seguradoras, sujeitos à aceitação do risco.
      </Caption1>
    </main>
  );
}
