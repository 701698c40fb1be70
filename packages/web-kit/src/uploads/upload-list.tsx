import { makeStyles, tokens } from '@fluentui/react-components';
import { Body1, Button, Caption1 } from '@corretora/web-kit/fluent/core';
import { ProgressBar } from '@corretora/web-kit/fluent/progress';
import type { UploadItem } from './use-uploads';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, listStyleType: 'none', padding: 0, margin: 0 },
  item: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: tokens.spacingVerticalXXS, alignItems: 'center' },
  name: { overflowWrap: 'anywhere' },
  bar: { gridColumn: '1 / -1' },
  refused: { color: tokens.colorPaletteRedForeground1 },
  sent: { color: tokens.colorPaletteGreenForeground1 },
});

const percent = (item: UploadItem) =>
  item.progress.total > 0 ? Math.min(100, Math.round((item.progress.sent / item.progress.total) * 100)) : 0;

function statusText(item: UploadItem): string {
  switch (item.state) {
    case 'sending':
      return `Enviando: ${percent(item)}%`;
    case 'sent':
      return 'Enviado';
    case 'refused':
      return `Recusado: ${item.message ?? ''}`;
    case 'failed':
      return `Falhou: ${item.message ?? ''}`;
    default:
      return 'Cancelado';
  }
}

/** One line per file: its name, its progress with the percentage, cancel while it goes, retry when it failed. */
export function UploadList({
  items,
  onCancel,
  onRetry,
  label = 'Envios',
}: {
  items: readonly UploadItem[];
  onCancel: (key: number) => void;
  onRetry: (key: number) => void;
  label?: string;
}) {
  const styles = useStyles();
  if (items.length === 0) return null;
  return (
    <ul className={styles.list} aria-label={label} aria-live="polite">
      {items.map((item) => (
        <li key={item.key} className={styles.item} aria-label={item.name}>
          <Body1 className={styles.name}>{item.name}</Body1>
          {item.state === 'sending' ? (
            <Button size="small" onClick={() => onCancel(item.key)} aria-label={`Cancelar envio de ${item.name}`}>
              Cancelar
            </Button>
          ) : item.state === 'failed' ? (
            <Button size="small" onClick={() => onRetry(item.key)} aria-label={`Tentar de novo ${item.name}`}>
              Tentar de novo
            </Button>
          ) : (
            <span />
          )}
          {item.state === 'sending' || item.state === 'sent' ? (
            <ProgressBar
              className={styles.bar}
              value={item.state === 'sent' ? 1 : percent(item) / 100}
              max={1}
              aria-label={`${item.name}: ${statusText(item)}`}
            />
          ) : null}
          <Caption1
            className={
              item.state === 'refused' || item.state === 'failed' ? styles.refused : item.state === 'sent' ? styles.sent : undefined
            }
          >
            {statusText(item)}
          </Caption1>
        </li>
      ))}
    </ul>
  );
}
