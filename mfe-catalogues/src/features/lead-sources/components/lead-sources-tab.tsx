import { LeadSourceCreateSchema, type LeadSource } from '@corretora/contracts';
import { Caption1 } from '@fluentui/react-components';
import type { KindFor } from '../../../components/catalogue-list/components/catalogue-kind';
import { CatalogueList } from '../../../components/catalogue-list/components/catalogue-list';
import { CheckboxField, TextField, TextareaField } from '@corretora/web-kit/ui';

const leadSourcesKind: KindFor<LeadSource, typeof LeadSourceCreateSchema> = {
  key: 'lead-sources',
  texts: {
    add: 'Adicionar Origem', newTitle: 'Nova Origem', editTitle: 'Editar Origem', empty: 'Nenhuma origem cadastrada.',
    created: 'Origem criada com sucesso!', updated: 'Origem atualizada com sucesso!', deleted: 'Origem excluída com sucesso!',
    createError: 'Erro ao criar origem', updateError: 'Erro ao atualizar origem', deleteError: 'Erro ao excluir origem',
  },
  schema: LeadSourceCreateSchema,
  emptyForm: { name: '', description: '', isActive: true },
  toForm: (item) => ({ name: item.name, description: item.description ?? '', isActive: item.isActive }),
  toComparable: (item) => ({ name: item.name, description: item.description, isActive: item.isActive }),
  Fields: ({ control }) => (
    <>
      <TextField control={control} name="name" label="Nome" required />
      <TextareaField control={control} name="description" label="Descrição" />
      <CheckboxField control={control} name="isActive" label="Ativa" />
    </>
  ),
  Details: ({ item }) => (item.description ? <Caption1>{item.description}</Caption1> : null),
};

export function LeadSourcesTab() {
  return <CatalogueList kind={leadSourcesKind} />;
}
