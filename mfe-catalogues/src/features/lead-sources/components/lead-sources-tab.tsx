import { LeadSourceCreateSchema, type LeadSource } from '@corretora/contracts';
import { Caption1 } from '@fluentui/react-components';
import type { CatalogueKind } from '../../../components/catalogue-list/components/catalogue-kind';
import { CatalogueList } from '../../../components/catalogue-list/components/catalogue-list';
import { ActiveField, TextField } from '../../../components/catalogue-list/components/form-fields';

interface LeadSourceForm {
  name: string;
  description: string;
  isActive: boolean;
}

const leadSourcesKind: CatalogueKind<LeadSource, LeadSourceForm> = {
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
  Fields: ({ control, errors }) => (
    <>
      <TextField control={control} errors={errors} name="name" label="Nome" required />
      <TextField control={control} errors={errors} name="description" label="Descrição" multiline />
      <ActiveField control={control} name="isActive" label="Ativa" />
    </>
  ),
  Details: ({ item }) => (item.description ? <Caption1>{item.description}</Caption1> : null),
};

export function LeadSourcesTab() {
  return <CatalogueList kind={leadSourcesKind} />;
}
