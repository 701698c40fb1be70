import { makeStyles, tokens } from '@fluentui/react-components';
import { Button, Caption1 } from '@corretora/web-kit/fluent/core';

const useStyles = makeStyles({
  pager: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-end',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    marginTop: tokens.spacingVerticalM,
  },
});

/** A server-side list's pages: previous, where, next (nothing when it fits on one). */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const styles = useStyles();
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label="Paginação">
      <Button disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Anterior
      </Button>
      <Caption1>{`Página ${page} de ${pages}`}</Caption1>
      <Button disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Próxima
      </Button>
    </nav>
  );
}
