import { LeadSourceCreateSchema, type LeadSource } from '@corretora/contracts';
import { CheckboxField, TextField, TextareaField } from '@corretora/web-kit/ui';
import { catalogueDialog } from '../../../components/catalogue-list/components/catalogue-dialog';
import type { FormFor } from '../../../components/catalogue-list/components/catalogue-kind';

const leadSourceForm: FormFor<LeadSource, typeof LeadSourceCreateSchema> = {
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
};

export default catalogueDialog(leadSourceForm);
