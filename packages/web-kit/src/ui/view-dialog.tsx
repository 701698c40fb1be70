import { Button } from '@corretora/web-kit/fluent/core';
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@corretora/web-kit/fluent/dialog';
import { makeStyles } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  surface: { maxWidth: '640px', width: '100%' },
  wide: { maxWidth: '960px' },
});

export interface ViewDialogProps {
  title: string;
  onClose: () => void;
  /** Room for a table (960 px instead of 640). */
  wide?: boolean;
  contentClassName?: string;
  children: ReactNode;
}

/** A dialog that shows something (a history, a list to act on row by row) and closes with 'Fechar' or Esc. */
export function ViewDialog({ title, onClose, wide = false, contentClassName, children }: ViewDialogProps) {
  const styles = useStyles();
  return (
    <Dialog open onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface className={wide ? `${styles.surface} ${styles.wide}` : styles.surface}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={contentClassName}>{children}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>
              Fechar
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
