import {
  IOF_LINES,
  IOF_RATE_MAX_HUNDREDTHS,
  POLICY_TYPES,
  ProductFormSchema,
  formatPercent,
  wireToCents,
  type Product,
} from '@corretora/contracts';
import { CheckboxField, MoneyField, SelectField, TextField, TextareaField } from '@corretora/web-kit/ui';
import { catalogueDialog } from '../../../components/catalogue-list/components/catalogue-dialog';
import type { FormFor } from '../../../components/catalogue-list/components/catalogue-kind';

const IOF_HINT = `Em branco: pelo tipo de apólice (${formatPercent(IOF_LINES.damage.hundredths)} danos, ${formatPercent(IOF_LINES.life.hundredths)} vida). Saúde: ${formatPercent(IOF_LINES.health.hundredths)}.`;

const productForm: FormFor<Product, typeof ProductFormSchema> = {
  schema: ProductFormSchema,
  emptyForm: { name: '', description: '', policyType: '', iofRate: null, isActive: true },
  toForm: (item) => ({
    name: item.name,
    description: item.description ?? '',
    policyType: item.policyType ?? '',
    iofRate: item.iofRate === null ? null : wireToCents(item.iofRate),
    isActive: item.isActive,
  }),
  toComparable: (item) => ({
    name: item.name,
    description: item.description,
    policyType: item.policyType,
    iofRate: item.iofRate,
    isActive: item.isActive,
  }),
  Fields: ({ control }) => (
    <>
      <TextField control={control} name="name" label="Nome" required />
      <TextareaField control={control} name="description" label="Descrição" />
      <SelectField
        control={control}
        name="policyType"
        label="Tipo de apólice"
        options={POLICY_TYPES}
        emptyLabel="Não definido (Empresarial)"
      />
      <MoneyField
        control={control}
        name="iofRate"
        label="Alíquota de IOF (%)"
        unit="percent"
        maxCents={IOF_RATE_MAX_HUNDREDTHS}
        hint={IOF_HINT}
      />
      <CheckboxField control={control} name="isActive" label="Ativo" />
    </>
  ),
};

export default catalogueDialog(productForm);
