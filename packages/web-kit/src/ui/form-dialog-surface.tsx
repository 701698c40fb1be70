import { makeStyles, tokens } from '@fluentui/react-components';
import { Button, Spinner } from '@corretora/web-kit/fluent/core';
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@corretora/web-kit/fluent/dialog';
import type { FormDialogProps } from './form-dialog';

const useStyles = makeStyles({
  surface: { maxWidth: '640px', width: '100%' },
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { flexWrap: 'wrap' },
});

/** The dialog itself, loaded when a FormDialog first renders (see form-dialog.tsx). */
export default function FormDialogSurface({ title, submitLabel, busy, onSubmit, onClose, children, extraActions }: FormDialogProps) {
  const styles = useStyles();
  return (
    <Dialog open onOpenChange={(_event, data) => (!data.open && !busy ? onClose() : undefined)}>
      <DialogSurface className={styles.surface}>
        <form onSubmit={onSubmit} noValidate>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.fields}>{children}</DialogContent>
            <DialogActions className={styles.actions}>
              {extraActions}
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
