import {
  IMPORT_FIELDS,
  IMPORT_FIELD_INFO,
  REQUIRED_IMPORT_FIELDS,
  formatCount,
  type ImportCounts,
  type ImportKind,
} from '@corretora/contracts';
import { lazy, Suspense } from 'react';
import type { ImportField, ImportWizardProps } from './import-wizard-props';

export type { ImportField, ImportKindDescriptor, ImportWizardProps } from './import-wizard-props';

const ImportWizardSurface = lazy(() => import('./import-wizard-surface'));

/**
 * The import wizard: file -> columns -> preview -> confirm -> progress -> summary with undo,
 * and the history of imports, for the kind its descriptor names. Its code loads when it first
 * opens, never with the page.
 */
export function ImportWizard(props: ImportWizardProps) {
  return (
    <Suspense fallback={null}>
      <ImportWizardSurface {...props} />
    </Suspense>
  );
}

/** A kind's fields as its contract lists them (order, pt-BR labels, the required ones). */
export function importFields(kind: ImportKind): ImportField[] {
  return IMPORT_FIELDS[kind].map((field) => ({
    field,
    label: IMPORT_FIELD_INFO[kind][field]?.label ?? field,
    required: REQUIRED_IMPORT_FIELDS[kind].includes(field),
  }));
}

/** The confirm's words when a commit creates and updates records (contacts, policies). */
export function confirmImportLabel(counts: ImportCounts): string {
  const creates = `${formatCount(counts.create)} ${counts.create === 1 ? 'novo' : 'novos'}`;
  const updates = `${formatCount(counts.update)} ${counts.update === 1 ? 'atualização' : 'atualizações'}`;
  return `Confirmar importação (${creates}, ${updates})`;
}
