import { formatCount, formatMoney, type PipelineCard } from '@corretora/contracts';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Caption1, Title3 } from '@corretora/web-kit/fluent/core';
import { Card } from '@corretora/web-kit/fluent/card';
import { summary } from '../utils/board-model';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    // Two a row on a phone: the board starts within the first screen.
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 9.5rem), 1fr))',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalL,
  },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  label: { color: tokens.colorNeutralForeground3 },
});

/** Total de Leads, Valor Total, Taxa de Conversão, Fechados (conversion = closed ÷ all cards, 1 decimal; Valor Total = annual premiums of the active cards). */
export function SummaryCards({ cards }: { cards: readonly PipelineCard[] }) {
  const styles = useStyles();
  const figures = summary(cards);
  const items = [
    ['Total de Leads', formatCount(figures.total)],
    ['Valor Total', formatMoney(figures.valueCents)],
    ['Taxa de Conversão', figures.conversion],
    ['Fechados', formatCount(figures.closed)],
  ];
  return (
    <div className={styles.grid}>
      {items.map(([label, value]) => (
        <Card key={label} className={styles.card} aria-label={`${label}: ${value}`}>
          <Caption1 className={styles.label}>{label}</Caption1>
          <Title3 as="p">{value}</Title3>
        </Card>
      ))}
    </div>
  );
}
