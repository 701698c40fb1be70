import { POLICY_TYPES, ProductCreateSchema, optionLabel, type Product } from '@corretora/contracts';
import { Caption1 } from '@fluentui/react-components';
import type { KindFor } from '../../../components/catalogue-list/components/catalogue-kind';
import { CatalogueList } from '../../../components/catalogue-list/components/catalogue-list';
import { CheckboxField, SelectField, TextField, TextareaField } from '@corretora/web-kit/ui';

const productsKind: KindFor<Product, typeof ProductCreateSchema> = {
  key: 'products',
  texts: {
    add: 'Adicionar Produto', newTitle: 'Novo Produto', editTitle: 'Editar Produto', empty: 'Nenhum produto cadastrado.',
    created: 'Produto criado com sucesso!', updated: 'Produto atualizado com sucesso!', deleted: 'Produto excluído com sucesso!',
    createError: 'Erro ao criar produto', updateError: 'Erro ao atualizar produto', deleteError: 'Erro ao excluir produto',
  },
  schema: ProductCreateSchema,
  emptyForm: { name: '', description: '', policyType: '', isActive: true },
  toForm: (item) => ({ name: item.name, description: item.description ?? '', policyType: item.policyType ?? '', isActive: item.isActive }),
  toComparable: (item) => ({ name: item.name, description: item.description, policyType: item.policyType, isActive: item.isActive }),
  Fields: ({ control }) => (
    <>
      <TextField control={control} name="name" label="Nome" required />
      <TextareaField control={control} name="description" label="Descrição" />
      <SelectField control={control} name="policyType" label="Tipo de apólice" options={POLICY_TYPES} emptyLabel="Não definido (Empresarial)" />
      <CheckboxField control={control} name="isActive" label="Ativo" />
    </>
  ),
  Details: ({ item }) => (
    <Caption1>
      {[item.policyType ? optionLabel(POLICY_TYPES, item.policyType) : null, item.description].filter(Boolean).join(' · ') || 'Sem descrição'}
    </Caption1>
  ),
};

export function ProductsTab() {
  return <CatalogueList kind={productsKind} />;
}
