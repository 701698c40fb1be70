import {
  IOF_RATE_MAX_HUNDREDTHS,
  LINE_OPTION_GROUPS,
  ProductFormSchema,
  lineOf,
  formatPercent,
  wireToCents,
  type Product,
} from '@corretora/contracts';
import { CheckboxField, MoneyField, SelectField, TextField, TextareaField } from '@corretora/web-kit/ui';
import { catalogueDialog } from '../../../components/catalogue-list/components/catalogue-dialog';
import type { FormFor } from '../../../components/catalogue-list/components/catalogue-kind';

const IOF_HINT = `Em branco: a do ramo (${formatPercent(lineOf('auto').iofHundredths)} danos, ${formatPercent(lineOf('vida').iofHundredths)} vida, ${formatPercent(lineOf('saude').iofHundredths)} saúde).`;

const productForm: FormFor<Product, typeof ProductFormSchema> = {
  schema: ProductFormSchema,
  emptyForm: { name: '', description: '', line: undefined, iofRate: null, isActive: true },
  toForm: (item) => ({
    name: item.name,
    description: item.description ?? '',
    line: item.line,
    iofRate: item.iofRate === null ? null : wireToCents(item.iofRate),
    isActive: item.isActive,
  }),
  toComparable: (item) => ({
    name: item.name,
    description: item.description,
    line: item.line,
    iofRate: item.iofRate,
    isActive: item.isActive,
  }),
  Fields: ({ control }) => (
    <>
      <TextField control={control} name="name" label="Nome" required />
      <TextareaField control={control} name="description" label="Descrição" />
      <SelectField control={control} name="line" label="Ramo" groups={LINE_OPTION_GROUPS} emptyLabel="Selecione o ramo…" required />
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
