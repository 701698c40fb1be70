import { lazy, Suspense } from 'react';

export type { ImportWizardProps } from './import-wizard-props';
import type { ImportWizardProps } from './import-wizard-props';

const ImportWizardSurface = lazy(() => import('./import-wizard-surface'));

/**
 * The import wizard (#23): file -> columns -> preview -> confirm -> progress -> summary with undo,
 * and the history of imports. Its code loads when it first opens, never with the page.
 */
export function ImportWizard(props: ImportWizardProps) {
  return (
    <Suspense fallback={null}>
      <ImportWizardSurface {...props} />
    </Suspense>
  );
}
