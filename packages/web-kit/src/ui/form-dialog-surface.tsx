import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Button, Spinner } from '@corretora/web-kit/fluent/core';
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@corretora/web-kit/fluent/dialog';
import type { FormDialogProps } from './form-dialog-props';

const useStyles = makeStyles({
  surface: { maxWidth: '640px', width: '100%' },
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // On a phone Fluent stacks every button in its own row: keep each group on one line instead.
  actions: { flexWrap: 'wrap', '@media (max-width: 480px)': { flexDirection: 'row', justifyContent: 'flex-end' } },
  start: { '@media (max-width: 480px)': { justifyContent: 'flex-start' } },
});

/** The dialog itself, loaded when a FormDialog first renders (see form-dialog.tsx). */
export default function FormDialogSurface({ title, submitLabel, busy, onSubmit, onClose, children, extraActions }: FormDialogProps) {
  const styles = useStyles();
  return (
    <Dialog open onOpenChange={(_event, data) => (!data.open && !busy ? onClose() : undefined)}>
      <DialogSurface className={styles.surface}>
        {/* Its submit stays its own: React bubbles events through Fluent's portal, so a form dialog opened
            from another's (a parcela's boleto from the parcelas) would otherwise submit the outer form too. */}
        <form
          onSubmit={(event) => {
            event.stopPropagation();
            onSubmit(event);
          }}
          noValidate
        >
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.fields}>{children}</DialogContent>
            {/* Another action (archive, add a row) on the left, apart from the form's own on the right. */}
            {extraActions ? (
              <DialogActions position="start" className={mergeClasses(styles.actions, styles.start)}>
                {extraActions}
              </DialogActions>
            ) : null}
            <DialogActions position="end" className={styles.actions}>
              <Button appearance="secondary" onClick={onClose} disabled={busy}>
                Cancelar
              </Button>
              <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
                {submitLabel}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
