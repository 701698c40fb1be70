import { FormDialog, useFormErrors, useNotify, useSchemaForm } from '@corretora/web-kit/ui';
import type { FieldValues } from 'react-hook-form';
import { useCreateItem, useUpdateItem, type CatalogueItem } from '../api/catalogue-api';
import { changedFields } from '../utils/changed-fields';
import type { CatalogueDialogProps, CatalogueForm } from './catalogue-kind';

/** A tab's dialog, for its kind's lazy `Dialog`: `export default catalogueDialog(form)` in the form's module. */
export function catalogueDialog<T extends CatalogueItem, F extends FieldValues, O extends FieldValues>(form: CatalogueForm<T, F, O>) {
  return function Dialog(props: CatalogueDialogProps<T>) {
    return <CatalogueDialog form={form} {...props} />;
  };
}

/** The modal in create mode (no item) or edit mode (an item was chosen). */
function CatalogueDialog<T extends CatalogueItem, F extends FieldValues, O extends FieldValues>({
  form,
  catalogue,
  texts,
  item,
  onClose,
}: CatalogueDialogProps<T> & {
  form: CatalogueForm<T, F, O>;
}) {
  const notify = useNotify();
  const create = useCreateItem<T>(catalogue);
  const update = useUpdateItem<T>(catalogue);
  const editing = item !== null;
  const { control, handleSubmit, setError } = useSchemaForm(form.schema, { defaultValues: item ? form.toForm(item) : form.emptyForm });
  const onError = useFormErrors(setError);
  const busy = create.isPending || update.isPending;

  const submit = handleSubmit((output) => {
    if (!item) {
      create.mutate(output, {
        onSuccess: () => {
          notify.success(texts.created);
          onClose();
        },
        onError: (error) => onError(error, texts.createError),
      });
      return;
    }
    const raw = changedFields(output, form.toComparable(item));
    const changes = form.adjustChanges ? form.adjustChanges(raw) : raw;
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate(
      { id: item.id, changes },
      {
        onSuccess: () => {
          notify.success(texts.updated);
          onClose();
        },
        onError: (error) => onError(error, texts.updateError),
      },
    );
  });

  const Fields = form.Fields;
  return (
    <FormDialog
      title={editing ? texts.editTitle : texts.newTitle}
      submitLabel={editing ? 'Atualizar' : 'Criar'}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <Fields control={control} editing={editing} />
    </FormDialog>
  );
}
