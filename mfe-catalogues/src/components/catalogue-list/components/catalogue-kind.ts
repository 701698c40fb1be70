import type { ComponentType } from 'react';
import type { Control, FieldValues } from 'react-hook-form';
import type * as v from 'valibot';
import type { CatalogueItem, CatalogueKey } from '../api/catalogue-api';

export interface CatalogueTexts {
  add: string;
  newTitle: string;
  editTitle: string;
  empty: string;
  created: string;
  updated: string;
  deleted: string;
  createError: string;
  updateError: string;
  deleteError: string;
}

/** What the create/edit dialog of a catalogue is given by the list. */
export interface CatalogueDialogProps<T extends CatalogueItem> {
  catalogue: CatalogueKey;
  texts: CatalogueTexts;
  /** null: create mode. */
  item: T | null;
  onClose: () => void;
}

/**
 * Everything that differs between the three settings tabs on the list side; the list is shared.
 * `Dialog` is the tab's form, built with catalogueDialog() in its own module and lazy-loaded: the
 * form's code (react-hook-form, the schema, the fields) is fetched when the broker first adds or
 * edits, not with the page.
 */
export interface CatalogueKind<T extends CatalogueItem> {
  key: CatalogueKey;
  texts: CatalogueTexts;
  Dialog: ComponentType<CatalogueDialogProps<T>>;
  Details?: ComponentType<{ item: T }>;
}

/**
 * A tab's form. The form's values are the contracts schema's input (F) and its submit gets the
 * schema's output (O): use FormFor<T, typeof Schema>.
 */
export interface CatalogueForm<T extends CatalogueItem, F extends FieldValues, O extends FieldValues> {
  /** The contracts schema: the form's resolver, the same rules the service applies. */
  schema: v.GenericSchema<F, O>;
  emptyForm: F;
  toForm: (item: T) => F;
  /** The item in the schema's output shape, to send only what changed. */
  toComparable: (item: T) => { [K in keyof O]?: unknown };
  /** Last word on an edit's changes (the insurer keeps its password when the field is left empty). */
  adjustChanges?: (changes: Record<string, unknown>) => Record<string, unknown>;
  Fields: ComponentType<{ control: Control<F, unknown, O>; editing: boolean }>;
}

/** The form of a catalogue whose values are checked by `S` (a contracts schema). */
export type FormFor<T extends CatalogueItem, S extends v.GenericSchema<FieldValues, FieldValues>> = CatalogueForm<
  T,
  v.InferInput<S>,
  v.InferOutput<S>
>;
