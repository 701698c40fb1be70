import type { ImportCounts, ImportDoor, ImportKind, ImportRowResult, ImportSummary } from '@corretora/contracts';
import type { DataColumn } from '../ui/data-table';

/** A field a column of the sheet can go to. */
export interface ImportField {
  field: string;
  label: string;
  required: boolean;
}

/**
 * What one kind of import is to the wizard, given by the remote that owns the screen: its door
 * (paths), its fields, what the upload carries beside the file, whether the broker picks a mode,
 * the insurers unknown names are mapped to, the preview's own columns and the confirm's words.
 * The wizard's frame (file, mapping, preview, progress, summary, undo, history) is the same for all.
 */
export interface ImportKindDescriptor {
  kind: ImportKind;
  door: ImportDoor;
  fields: readonly ImportField[];
  /** The text fields sent beside the file ({ kind } or { insurerId }). */
  upload: Readonly<Record<string, string>>;
  /** Which earlier imports the history lists (a statement's: its insurer's). */
  history: (entry: ImportSummary) => boolean;
  /** The broker picks create / upsert / update. */
  modes: boolean;
  /** The broker's insurers, for names in the file the catalogue does not know (policies). */
  insurers?: readonly { id: number; name: string }[];
  /** Columns of the preview beyond line, outcome and detail (a statement line's match). */
  columns?: readonly DataColumn<ImportRowResult>[];
  confirmLabel: (counts: ImportCounts) => string;
}

export interface ImportWizardProps {
  descriptor: ImportKindDescriptor;
  /** 'Importar contatos', 'Importar apólices'. */
  title: string;
  onClose: () => void;
  /** After an import ran or was undone: the page refreshes what it lists. */
  onChanged: () => void;
}
