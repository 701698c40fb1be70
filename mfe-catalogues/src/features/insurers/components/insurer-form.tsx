import { InsurerCreateSchema, type Insurer } from '@corretora/contracts';
import { CheckboxField, PasswordField, TextField } from '@corretora/web-kit/ui';
import { catalogueDialog } from '../../../components/catalogue-list/components/catalogue-dialog';
import type { FormFor } from '../../../components/catalogue-list/components/catalogue-kind';

const insurerForm: FormFor<Insurer, typeof InsurerCreateSchema> = {
  schema: InsurerCreateSchema,
  emptyForm: { name: '', manager: '', email: '', password: '', website: '', contactInfo: '', isActive: true },
  // The stored password is never sent to the browser: the field starts empty in edit mode.
  toForm: (item) => ({
    name: item.name,
    manager: item.manager ?? '',
    email: item.email ?? '',
    password: '',
    website: item.website ?? '',
    contactInfo: item.contactInfo ?? '',
    isActive: item.isActive,
  }),
  toComparable: (item) => ({
    name: item.name,
    manager: item.manager,
    email: item.email,
    password: null,
    website: item.website,
    contactInfo: item.contactInfo,
    isActive: item.isActive,
  }),
  adjustChanges: (changes) => {
    // Left empty while editing means "keep the stored password".
    const { password, ...rest } = changes;
    return password ? { ...rest, password } : rest;
  },
  Fields: ({ control, editing }) => (
    <>
      <TextField control={control} name="name" label="Nome" required />
      <TextField control={control} name="manager" label="Gerente" />
      <TextField control={control} name="email" label="E-mail" type="email" />
      <PasswordField
        control={control}
        name="password"
        label="Senha do portal"
        autoComplete="new-password"
        hint={editing ? 'Deixe em branco para manter a senha atual.' : 'Guardada criptografada; só aparece quando você pedir.'}
      />
      <TextField control={control} name="website" label="Website" placeholder="https://" />
      <TextField control={control} name="contactInfo" label="Contato" />
      <CheckboxField control={control} name="isActive" label="Ativa" />
    </>
  ),
};

export default catalogueDialog(insurerForm);
