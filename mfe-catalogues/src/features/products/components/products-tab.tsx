import { IOF_LINES, IOF_RATE_MAX_HUNDREDTHS, POLICY_TYPES, ProductFormSchema, formatPercent, optionLabel, wireToCents, type Product } from '@corretora/contracts';
import { Caption1 } from '@fluentui/react-components';
import type { KindFor } from '../../../components/catalogue-list/components/catalogue-kind';
import { CatalogueList } from '../../../components/catalogue-list/components/catalogue-list';
import { CheckboxField, MoneyField, SelectField, TextField, TextareaField } from '@corretora/web-kit/ui';

const IOF_HINT = `Em branco: pelo tipo de apólice (${formatPercent(IOF_LINES.damage.hundredths)} danos, ${formatPercent(IOF_LINES.life.hundredths)} vida). Saúde: ${formatPercent(IOF_LINES.health.hundredths)}.`;

const productsKind: KindFor<Product, typeof ProductFormSchema> = {
  key: 'products',
  texts: {
    add: 'Adicionar Produto', newTitle: 'Novo Produto', editTitle: 'Editar Produto', empty: 'Nenhum produto cadastrado.',
    created: 'Produto criado com sucesso!', updated: 'Produto atualizado com sucesso!', deleted: 'Produto excluído com sucesso!',
    createError: 'Erro ao criar produto', updateError: 'Erro ao atualizar produto', deleteError: 'Erro ao excluir produto',
  },
  schema: ProductFormSchema,
  emptyForm: { name: '', description: '', policyType: '', iofRate: null, isActive: true },
  toForm: (item) => ({
    name: item.name, description: item.description ?? '', policyType: item.policyType ?? '', iofRate: item.iofRate === null ? null : wireToCents(item.iofRate),
    isActive: item.isActive,
  }),
  toComparable: (item) => ({ name: item.name, description: item.description, policyType: item.policyType, iofRate: item.iofRate, isActive: item.isActive }),
  Fields: ({ control }) => (
    <>
      <TextField control={control} name="name" label="Nome" required />
      <TextareaField control={control} name="description" label="Descrição" />
      <SelectField control={control} name="policyType" label="Tipo de apólice" options={POLICY_TYPES} emptyLabel="Não definido (Empresarial)" />
      <MoneyField control={control} name="iofRate" label="Alíquota de IOF (%)" unit="percent" maxCents={IOF_RATE_MAX_HUNDREDTHS} hint={IOF_HINT} />
      <CheckboxField control={control} name="isActive" label="Ativo" />
    </>
  ),
  Details: ({ item }) => (
    <Caption1>
      {[
        item.policyType ? optionLabel(POLICY_TYPES, item.policyType) : null,
        item.iofRate === null ? null : `IOF ${formatPercent(wireToCents(item.iofRate) ?? 0)}`,
        item.description,
      ]
        .filter(Boolean)
        .join(' · ') || 'Sem descrição'}
    </Caption1>
  ),
};

export function ProductsTab() {
  return <CatalogueList kind={productsKind} />;
}
