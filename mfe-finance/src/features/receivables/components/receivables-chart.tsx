import { formatMoney, wireToCents, type Receivables } from '@corretora/contracts';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useId } from 'react';

const useStyles = makeStyles({
  figure: { margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  svg: { width: '100%', maxWidth: '720px', height: 'auto' },
  legend: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'center' },
  swatch: { display: 'inline-block', width: '12px', height: '12px', marginRight: tokens.spacingHorizontalXS },
  expected: { backgroundColor: tokens.colorNeutralStroke1 },
  received: { backgroundColor: tokens.colorBrandBackground },
});

const MONTH = new Intl.DateTimeFormat('pt-BR', { month: 'short', timeZone: 'UTC' });
const MONTH_YEAR = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const WIDTH = 720;
const HEIGHT = 220;
const AXIS = 24;

/**
 * Expected vs received commission per month as a small SVG of our own (no chart library: the
 * Comissões page stays inside its weight budget). Accessible: the figure has a title, and a
 * description that reads every month's two figures, so nothing depends on seeing the bars.
 */
export function ReceivablesChart({ chart }: { chart: Receivables['chart'] }) {
  const styles = useStyles();
  const titleId = useId();
  const descId = useId();
  const points = chart.map((point) => ({
    month: point.month,
    expected: Math.max(0, wireToCents(point.expected) ?? 0),
    received: Math.max(0, wireToCents(point.received) ?? 0),
  }));
  const top = Math.max(1, ...points.flatMap((point) => [point.expected, point.received]));
  const slot = WIDTH / Math.max(1, points.length);
  const bar = Math.max(4, slot / 3);
  const height = (value: number) => Math.round(((HEIGHT - AXIS) * value) / top);
  const date = (month: string) => new Date(`${month}-01T12:00:00Z`);
  const description = points
    .map(
      (point) =>
        `${MONTH_YEAR.format(date(point.month))}: previsto ${formatMoney(point.expected)}, recebido ${formatMoney(point.received)}`,
    )
    .join('; ');
  return (
    <figure className={styles.figure}>
      <svg className={styles.svg} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${titleId} ${descId}`} focusable="false">
        <title id={titleId}>Comissão prevista e recebida nos últimos 12 meses</title>
        <desc id={descId}>{description}</desc>
        <line x1={0} x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} stroke={tokens.colorNeutralStroke2} />
        {points.map((point, index) => {
          const x = index * slot + (slot - bar * 2) / 2;
          return (
            <g key={point.month}>
              <rect
                x={x}
                y={HEIGHT - AXIS - height(point.expected)}
                width={bar}
                height={height(point.expected)}
                fill={tokens.colorNeutralStroke1}
              />
              <rect
                x={x + bar}
                y={HEIGHT - AXIS - height(point.received)}
                width={bar}
                height={height(point.received)}
                fill={tokens.colorBrandBackground}
              />
              <text x={index * slot + slot / 2} y={HEIGHT - 6} textAnchor="middle" fontSize="12" fill={tokens.colorNeutralForeground2}>
                {MONTH.format(date(point.month)).replace('.', '')}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className={styles.legend}>
        <span>
          <span className={`${styles.swatch} ${styles.expected}`} aria-hidden />
          Previsto
        </span>
        <span>
          <span className={`${styles.swatch} ${styles.received}`} aria-hidden />
          Recebido
        </span>
      </figcaption>
    </figure>
  );
}
