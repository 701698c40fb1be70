import type { ImportKind } from '@corretora/contracts';
import { lazy, Suspense } from 'react';

export interface ImportWizardProps {
  kind: ImportKind;
  /** A statement's insurer (kind 'statement'): the file is that insurer's extrato. */
  insurerId?: number;
  /** 'Importar contatos', 'Importar apólices'. */
  title: string;
  onClose: () => void;
  /** After an import ran or was undone: the page refreshes what it lists. */
  onChanged: () => void;
}

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
