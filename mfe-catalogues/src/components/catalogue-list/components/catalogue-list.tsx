import { apiErrorMessage } from '@corretora/web-kit';
import { EmptyState, useConfirmAction, useNotify, useMayCall } from '@corretora/web-kit/ui';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Button, Text } from '@corretora/web-kit/fluent/core';
import { Card } from '@corretora/web-kit/fluent/card';
import { Skeleton, SkeletonItem } from '@corretora/web-kit/fluent/skeleton';
import { Switch } from '@corretora/web-kit/fluent/switch';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { Suspense, useState } from 'react';
import { CATALOGUE_CRUD, useCatalogue, useDeleteItem, useToggleActive, type CatalogueItem } from '../api/catalogue-api';
import type { CatalogueKind } from './catalogue-kind';

const useStyles = makeStyles({
  toolbar: { display: 'flex', justifyContent: 'flex-end', marginBottom: tokens.spacingVerticalM },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  // Card lays out its children in a column; a catalogue row is name (and details) left, controls right.
  row: {
    display: 'flex',
    flexDirection: 'row',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalM,
  },
  inactive: { opacity: 0.7 },
  main: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

const SKELETON_ROWS = 3;

export function CatalogueList<T extends CatalogueItem>({ kind }: { kind: CatalogueKind<T> }) {
  const styles = useStyles();
  const notify = useNotify();
  const list = useCatalogue<T>(kind.key);
  const toggle = useToggleActive<T>(kind.key);
  const remove = useDeleteItem(kind.key);
  const [editing, setEditing] = useState<T | null | 'new'>(null);
  const deleting = useConfirmAction<T>({
    title: 'Confirmar exclusão',
    confirmLabel: 'Excluir',
    message: (item) => `Tem certeza que deseja excluir "${item.name}"?`,
    run: (item) => remove.mutateAsync(item.id),
    done: { title: kind.texts.deleted },
    failed: kind.texts.deleteError,
  });
  const Details = kind.Details;
  // A producer reads the catalogues; the office (owners, admins, assistants) changes them.
  const mayChange = useMayCall(CATALOGUE_CRUD[kind.key].update);

  const onToggle = (item: T, isActive: boolean) =>
    toggle.mutate(
      { id: item.id, isActive },
      {
        onSuccess: () => notify.success(kind.texts.updated),
        onError: (error) => notify.error(kind.texts.updateError, apiErrorMessage(error, '')),
      },
    );

  return (
    <>
      {mayChange ? (
        <div className={styles.toolbar}>
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')}>
            {kind.texts.add}
          </Button>
        </div>
      ) : null}
      {list.isLoading ? (
        <div className={styles.list} aria-busy="true" aria-label="Carregando">
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <Card key={index} className={styles.row}>
              <Skeleton style={{ width: '100%' }}>
                <SkeletonItem size={20} />
              </Skeleton>
            </Card>
          ))}
        </div>
      ) : null}
      {list.isError ? <EmptyState role="alert">Não foi possível carregar a lista. Recarregue a página.</EmptyState> : null}
      {list.data && list.data.length === 0 ? <EmptyState>{kind.texts.empty}</EmptyState> : null}
      {list.data && list.data.length > 0 ? (
        <ul className={styles.list}>
          {list.data.map((item) => (
            <li key={item.id}>
              <Card className={mergeClasses(styles.row, !item.isActive && styles.inactive)}>
                <div className={styles.main}>
                  <Text weight="semibold">{item.name}</Text>
                  {Details ? <Details item={item} /> : null}
                </div>
                {mayChange ? (
                  <div className={styles.actions}>
                    <Switch
                      checked={item.isActive}
                      label={item.isActive ? 'Ativo' : 'Inativo'}
                      aria-label={`Ativo: ${item.name}`}
                      onChange={(_event, data) => onToggle(item, data.checked)}
                    />
                    <Button
                      appearance="subtle"
                      icon={<EditRegular />}
                      aria-label={`Editar ${item.name}`}
                      onClick={() => setEditing(item)}
                    />
                    <Button
                      appearance="subtle"
                      icon={<DeleteRegular />}
                      aria-label={`Excluir ${item.name}`}
                      onClick={() => deleting.ask(item)}
                    />
                  </div>
                ) : (
                  <Text>{item.isActive ? 'Ativo' : 'Inativo'}</Text>
                )}
              </Card>
            </li>
          ))}
        </ul>
      ) : null}
      {editing !== null ? (
        <Suspense fallback={null}>
          <kind.Dialog catalogue={kind.key} texts={kind.texts} item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
      {deleting.dialog}
    </>
  );
}
