import { Button, Spinner } from '@corretora/web-kit/fluent/core';
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@corretora/web-kit/fluent/dialog';
import type { ConfirmDialogProps } from './confirm-dialog-props';

/** The dialog itself, loaded the first time a ConfirmDialog opens (see confirm-dialog.tsx). */
export default function ConfirmDialogSurface({
  open,
  title,
  message,
  confirmLabel,
  onConfirm,
  onOpenChange,
  busy = false,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_event, data) => onOpenChange(data.open)}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{message}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={() => onOpenChange(false)}>
              Cancelar
            </Button>
            <Button appearance="primary" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
