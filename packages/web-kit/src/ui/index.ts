// Visual building blocks; not part of the shared singleton (they hold no shared state), so they
// are tree-shaken into each app. Toasts reach the one toaster through its id, not module identity.
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { LoadingScreen } from './loading-screen';
export { MaskedInput, type MaskedInputProps } from './masked-input';
export { MoneyInput, type MoneyInputProps } from './money-input';
export { AppToaster, TOASTER_ID, useNotify, type Notify } from './notify';
export { PageHeader } from './page-header';
export { COMPACT_LAYOUT } from './layout';
