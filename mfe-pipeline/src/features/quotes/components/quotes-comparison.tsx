import { QUOTE_STATUS_LABELS, SENT_CHANNELS, formatDate, formatMoney, wireToCents, type Quote } from '@corretora/contracts';
import { useQuoteActions } from './quote-actions';
import { Badge } from '@corretora/web-kit/fluent/badge';
import { Button, Caption1, Text } from '@corretora/web-kit/fluent/core';
import { ActionMenu, useTeam } from '@corretora/web-kit/ui';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import { useMemo, useState, type ReactNode } from 'react';
import type { ReferenceNames } from '../../../lib/reference-names';
import { SIDE_BY_SIDE, compareQuotes, firstColumns, paymentText } from '../utils/comparison';

const useStyles = makeStyles({
  // contain: the table's width never widens the page at 390 px; the frame scrolls instead.
  scroll: {
    overflowX: 'auto',
    maxWidth: '100%',
    contain: 'inline-size',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  table: { borderCollapse: 'collapse', minWidth: '100%' },
  head: {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    backgroundColor: tokens.colorNeutralBackground2,
    textAlign: 'left',
    fontWeight: tokens.fontWeightSemibold,
    minWidth: '140px',
    maxWidth: '180px',
  },
  cell: {
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    verticalAlign: 'top',
    minWidth: '150px',
  },
  differs: { backgroundColor: tokens.colorPaletteYellowBackground1 },
  missing: { color: tokens.colorPaletteRedForeground1 },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXXS, marginTop: tokens.spacingVerticalXXS },
  more: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, padding: tokens.spacingHorizontalS },
  insurer: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalXS },
});

const money = (cents: number) => formatMoney(cents);
const reais = (wire: string | null | undefined) => (wire ? formatMoney(wireToCents(wire)) : '—');

/**
 * The deal's quotes side by side, the cheapest first: the cheapest and the widest cover marked, a
 * coverage row highlighted where the quotes differ, the commission only for those who see money.
 * Each quote's menu edits, copies, marks it recommended or sent to the client, or removes it.
 */
export function QuotesComparison({
  quotes,
  names,
  open,
  onEdit,
  onCopy,
}: {
  quotes: readonly Quote[];
  /** The deal is still open (active, not issued): it may be closed with a quote. */
  open: boolean;
  names: ReferenceNames;
  onEdit: (quote: Quote) => void;
  onCopy: (quote: Quote) => void;
}) {
  const styles = useStyles();
  const team = useTeam();
  const actions = useQuoteActions({ names, open, onEdit, onCopy });
  const whole = useMemo(() => compareQuotes(quotes, money), [quotes]);
  // The cheapest dozen side by side; the rest on request (the marks are judged among all of them).
  const [everything, setEverything] = useState(false);
  const comparison = useMemo(() => (everything ? whole : firstColumns(whole, SIDE_BY_SIDE)), [whole, everything]);
  const hidden = whole.quotes.length - comparison.quotes.length;

  const row = (label: string, cells: (quote: Quote) => ReactNode, differs = false) => (
    <tr>
      <th scope="row" className={mergeClasses(styles.cell, styles.head)}>
        {label}
      </th>
      {comparison.quotes.map((quote) => (
        <td key={quote.id} className={mergeClasses(styles.cell, differs && styles.differs)}>
          {cells(quote)}
        </td>
      ))}
    </tr>
  );
  const same = (values: string[]) => new Set(values).size <= 1;

  return (
    <div className={styles.scroll}>
      <table className={styles.table} aria-label="Comparação das cotações">
        <thead>
          <tr>
            <th scope="col" className={mergeClasses(styles.cell, styles.head)}>
              Seguradora
            </th>
            {comparison.quotes.map((quote) => (
              <th key={quote.id} scope="col" className={styles.cell} data-quote-id={quote.id}>
                <div className={styles.insurer}>
                  <Text weight="semibold">{names.insurer(quote.insurerId)}</Text>
                  <ActionMenu
                    aria-label={`Ações da cotação da ${names.insurer(quote.insurerId)}`}
                    appearance="subtle"
                    icon={<MoreHorizontalRegular />}
                    items={actions.menuOf(quote)}
                  />
                </div>
                <div className={styles.badges}>
                  {quote.id === comparison.cheapestId && comparison.quotes.length > 1 ? (
                    <Badge color="success" appearance="filled">
                      Mais barata
                    </Badge>
                  ) : null}
                  {quote.id === comparison.widestId ? (
                    <Badge color="brand" appearance="filled">
                      Maior cobertura
                    </Badge>
                  ) : null}
                  {quote.status !== 'draft' ? <Badge appearance="tint">{QUOTE_STATUS_LABELS[quote.status]}</Badge> : null}
                </div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {row('Prêmio total', (quote) => (
            <Text weight="semibold">{reais(quote.totalPremium)}</Text>
          ))}
          {row('Prêmio líquido', (quote) => reais(quote.netPremium))}
          {row('IOF', (quote) => reais(quote.iof))}
          {row('Pagamento', (quote) =>
            quote.paymentOptions.length ? (
              quote.paymentOptions.map((option) => <div key={`${option.instalments}-${option.amount}`}>{paymentText(option, money)}</div>)
            ) : (
              <Caption1>—</Caption1>
            ),
          )}
          {row(
            'Franquia',
            (quote) =>
              quote.deductible
                ? `${quote.deductible.kind === 'isenta' ? 'Isenta' : reais(quote.deductible.amount)} (${quote.deductible.kind})`
                : '—',
            !same(comparison.quotes.map((quote) => JSON.stringify(quote.deductible))),
          )}
          {comparison.rows.map((coverage) => (
            <tr key={coverage.key}>
              <th scope="row" className={mergeClasses(styles.cell, styles.head)}>
                {coverage.label}
              </th>
              {coverage.cells.map((cell, index) => (
                <td key={comparison.quotes[index]!.id} className={mergeClasses(styles.cell, coverage.differs && styles.differs)}>
                  {cell ?? <span className={styles.missing}>Não inclui</span>}
                </td>
              ))}
            </tr>
          ))}
          {team.money
            ? row('Sua comissão', (quote) =>
                quote.commissionPercent ? `${quote.commissionPercent.replace('.', ',')}% · ${reais(quote.commissionAmount)}` : '—',
              )
            : null}
          {team.money
            ? row('Informe CNSP 382', (quote) =>
                quote.disclosure ? (
                  `Enviado em ${formatDate(quote.disclosure.sentAt)} (${SENT_CHANNELS.find((channel) => channel.value === quote.disclosure!.channel)?.label ?? ''})`
                ) : (
                  <span className={styles.missing}>Informe CNSP 382 não enviado</span>
                ),
              )
            : null}
          {row('Válida até', (quote) => (quote.validUntil ? formatDate(quote.validUntil) : '—'))}
          {row('Nº na seguradora', (quote) => quote.insurerQuoteNumber ?? '—')}
        </tbody>
      </table>
      {actions.dialogs}
      {hidden > 0 ? (
        <div className={styles.more}>
          <Caption1>{`Mostrando as ${comparison.quotes.length} mais baratas de ${whole.quotes.length} cotações.`}</Caption1>
          <Button size="small" onClick={() => setEverything(true)}>
            {`Ver todas as ${whole.quotes.length} lado a lado`}
          </Button>
        </div>
      ) : null}
      {!comparison.rows.some((coverage) => coverage.differs) ? null : (
        <Caption1 as="p">Linhas em destaque: as cotações diferem nesse item.</Caption1>
      )}
    </div>
  );
}
