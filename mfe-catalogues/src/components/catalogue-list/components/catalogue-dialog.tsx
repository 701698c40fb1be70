import { useFormErrors, useNotify, useSchemaForm } from '@corretora/web-kit/ui';
import { Button, Spinner, makeStyles, tokens, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import type { FieldValues } from 'react-hook-form';
import { useCreateItem, useUpdateItem, type CatalogueItem } from '../api/catalogue-api';
import { changedFields } from '../utils/changed-fields';
import type { CatalogueKind } from './catalogue-kind';

const useStyles = makeStyles({
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** The modal in create mode (no item) or edit mode (an item was chosen). */
export function CatalogueDialog<T extends CatalogueItem, F extends FieldValues, O extends FieldValues>({ kind, item, onClose }: {
  kind: CatalogueKind<T, F, O>;
  item: T | null;
  onClose: () => void;
}) {
  const styles = useStyles();
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
    <Dialog open onOpenChange={(_event, data) => (!data.open && !busy ? onClose() : undefined)}>
      <DialogSurface>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{editing ? kind.texts.editTitle : kind.texts.newTitle}</DialogTitle>
            <DialogContent className={styles.fields}>
              <Fields control={control} editing={editing} />
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose} disabled={busy}>Cancelar</Button>
              <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
                {editing ? 'Atualizar' : 'Criar'}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
