import { lazy, Suspense } from 'react';

export type { FormDialogProps } from './form-dialog-props';
import type { FormDialogProps } from './form-dialog-props';

const FormDialogSurface = lazy(() => import('./form-dialog-surface'));

/**
 * A dialog that is a form: its title, fields, extra actions, Cancelar and the submit (busy: a
 * spinner, nothing closes it). Rendered only while open, so the dialog's code is fetched on the
 * first open instead of with every page; the form's state lives in the caller either way.
 */
export function FormDialog(props: FormDialogProps) {
  return (
    <Suspense fallback={null}>
      <FormDialogSurface {...props} />
    </Suspense>
  );
}
