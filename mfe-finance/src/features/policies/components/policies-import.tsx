import { CATALOGUE_OPERATIONS, IMPORT_DOOR } from '@corretora/contracts';
import { useOperation } from '@corretora/web-kit';
import { ImportWizard, confirmImportLabel, importFields, type ImportKindDescriptor } from '@corretora/web-kit/import-wizard';

const POLICIES_IMPORT: Omit<ImportKindDescriptor, 'insurers'> = {
  kind: 'policies',
  door: IMPORT_DOOR,
  fields: importFields('policies'),
  upload: { kind: 'policies' },
  history: (entry) => entry.kind === 'policies',
  modes: true,
  confirmLabel: confirmImportLabel,
};

/**
 * Importar apólices: the policies and their clients; an insurer the file names that the
 * catalogue does not know is mapped by the broker to one of theirs. Loaded with the dialog.
 */
export default function PoliciesImport({ onClose, onChanged }: { onClose: () => void; onChanged: () => void }) {
  const reference = useOperation(CATALOGUE_OPERATIONS.referenceData);
  return (
    <ImportWizard
      descriptor={{ ...POLICIES_IMPORT, insurers: reference.data?.insurers ?? [] }}
      title="Importar apólices"
      onClose={onClose}
      onChanged={onChanged}
    />
  );
}
