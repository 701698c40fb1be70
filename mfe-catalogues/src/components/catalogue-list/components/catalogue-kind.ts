import type { ComponentType } from 'react';
import type { Control, FieldValues } from 'react-hook-form';
import type * as v from 'valibot';
import type { CatalogueItem, CatalogueKey } from '../api/catalogue-api';

/**
 * Everything that differs between the three settings tabs; the list and the dialog are shared. The
 * form's values are the contracts schema's input (F) and its submit gets the schema's output (O):
 * use KindFor<T, typeof Schema>.
 */
export interface CatalogueKind<T extends CatalogueItem, F extends FieldValues, O extends FieldValues> {
  key: CatalogueKey;
  texts: {
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
  };
  /** The contracts create schema: the form's resolver, the same rules the service applies. */
  schema: v.GenericSchema<F, O>;
  emptyForm: F;
  toForm: (item: T) => F;
  /** The item in the schema's output shape, to send only what changed. */
  toComparable: (item: T) => { [K in keyof O]?: unknown };
  /** Last word on an edit's changes (the insurer keeps its password when the field is left empty). */
  adjustChanges?: (changes: Record<string, unknown>) => Record<string, unknown>;
  Fields: ComponentType<{ control: Control<F, unknown, O>; editing: boolean }>;
  Details?: ComponentType<{ item: T }>;
}

/** The kind of a catalogue whose form is checked by `S` (a contracts create schema). */
export type KindFor<T extends CatalogueItem, S extends v.GenericSchema<FieldValues, FieldValues>> = CatalogueKind<T, v.InferInput<S>, v.InferOutput<S>>;
