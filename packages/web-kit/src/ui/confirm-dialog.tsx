import { lazy, Suspense, useState } from 'react';

export type { ConfirmDialogProps } from './confirm-dialog-props';
import type { ConfirmDialogProps } from './confirm-dialog-props';

const ConfirmDialogSurface = lazy(() => import('./confirm-dialog-surface'));

/**
 * A confirmation (an alert dialog: Cancelar and the action). Screens render it closed most of the
 * time, so its code (Fluent's dialog, portal and motion) is fetched the first time it opens, not
 * with the page; it stays mounted afterwards so closing animates.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogSurface {...props} />
    </Suspense>
  );
}
