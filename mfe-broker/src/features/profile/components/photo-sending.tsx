import { Button, Caption1 } from '@corretora/web-kit/fluent/core';
import { ProgressBar } from '@corretora/web-kit/fluent/progress';
import { makeStyles } from '@fluentui/react-components';

const useStyles = makeStyles({ progress: { width: '100%' } });

/** The photo on its way: its progress with the percentage, and cancel. Loaded when a photo is sent, never with the page. */
export default function PhotoSending({ percent, onCancel }: { percent: number; onCancel: () => void }) {
  const styles = useStyles();
  return (
    <>
      <ProgressBar className={styles.progress} value={percent / 100} max={1} aria-label={`Enviando a foto: ${percent}%`} />
      <Caption1 aria-live="polite">{`Enviando a foto: ${percent}%`}</Caption1>
      <Button size="small" onClick={onCancel}>
        Cancelar envio
      </Button>
    </>
  );
}
