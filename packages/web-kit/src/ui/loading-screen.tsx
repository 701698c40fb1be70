import { makeStyles, tokens } from '@fluentui/react-components';
import { Spinner } from '@corretora/web-kit/fluent/core';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '50vh', padding: tokens.spacingVerticalXXL },
});

export function LoadingScreen({ label = 'Carregando...' }: { label?: string }) {
  const styles = useStyles();
  return (
    <div className={styles.root} role="status">
      <Spinner label={label} />
    </div>
  );
}
