import { FormDialog, useFormErrors, useNotify, useSchemaForm } from '@corretora/web-kit/ui';
import type { FieldValues } from 'react-hook-form';
import { useCreateItem, useUpdateItem, type CatalogueItem } from '../api/catalogue-api';
import { changedFields } from '../utils/changed-fields';
import type { CatalogueKind } from './catalogue-kind';

/** The modal in create mode (no item) or edit mode (an item was chosen). */
export function CatalogueDialog<T extends CatalogueItem, F extends FieldValues, O extends FieldValues>({ kind, item, onClose }: {
  kind: CatalogueKind<T, F, O>;
  item: T | null;
  onClose: () => void;
}) {
  const notify = useNotify();
  const create = useCreateItem<T>(kind.key);
  const update = useUpdateItem<T>(kind.key);
  const editing = item !== null;
  const { control, handleSubmit, setError } = useSchemaForm(kind.schema, { defaultValues: item ? kind.toForm(item) : kind.emptyForm });
  const onError = useFormErrors(setError);
  const busy = create.isPending || update.isPending;

  const submit = handleSubmit((output) => {
    if (!item) {
      create.mutate(output, {
        onSuccess: () => {
          notify.success(kind.texts.created);
          onClose();
        },
        onError: (error) => onError(error, kind.texts.createError),
      });
      return;
    }
    const raw = changedFields(output, kind.toComparable(item));
    const changes = kind.adjustChanges ? kind.adjustChanges(raw) : raw;
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate(
      { id: item.id, changes },
      {
        onSuccess: () => {
          notify.success(kind.texts.updated);
          onClose();
        },
        onError: (error) => onError(error, kind.texts.updateError),
      },
    );
  });

  const Fields = kind.Fields;
  return (
    <FormDialog title={editing ? kind.texts.editTitle : kind.texts.newTitle} submitLabel={editing ? 'Atualizar' : 'Criar'} busy={busy} onSubmit={submit} onClose={onClose}>
      <Fields control={control} editing={editing} />
    </FormDialog>
  );
}
