import { IMPORT_DOOR } from '@corretora/contracts';
import { ImportWizard, confirmImportLabel, importFields, type ImportKindDescriptor } from '@corretora/web-kit/import-wizard';

/** A contacts import: its fields, upserted or not by the broker's choice. */
const CONTACTS_IMPORT: ImportKindDescriptor = {
  kind: 'contacts',
  door: IMPORT_DOOR,
  fields: importFields('contacts'),
  upload: { kind: 'contacts' },
  history: (entry) => entry.kind === 'contacts',
  modes: true,
  confirmLabel: confirmImportLabel,
};

/** Importar contatos: loaded with the dialog, never with the page. */
export default function ContactsImport({ onClose, onChanged }: { onClose: () => void; onChanged: () => void }) {
  return <ImportWizard descriptor={CONTACTS_IMPORT} title="Importar contatos" onClose={onClose} onChanged={onChanged} />;
}
