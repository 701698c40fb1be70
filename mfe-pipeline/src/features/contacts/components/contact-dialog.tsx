import { ContactCreateSchema, formatCpf, formatDate, formatPhone, type Contact } from '@corretora/contracts';
import { CpfField, DateField, PhoneField, SelectField, TextField, useFormErrors, useNotify, useSchemaForm } from '@corretora/web-kit/ui';
import { FormDialog } from '@corretora/web-kit/ui';
import { useUpdateContact } from '../../../lib/contact-api';
import { useCreateContact } from '../api/contacts-api';

const TYPE_OPTIONS = [
  { value: 'individual', label: 'Pessoa Física' },
  { value: 'business', label: 'Empresarial' },
];

/** 'Novo Contato' / 'Editar Contato': a client of the brokerage (a prospect becomes one by choosing its type). */
export function ContactDialog({ contact, onClose }: { contact: Contact | null; onClose: () => void }) {
  const notify = useNotify();
  const create = useCreateContact();
  const update = useUpdateContact();
  const { control, handleSubmit, setError } = useSchemaForm(ContactCreateSchema, {
    defaultValues: {
      name: contact?.name ?? '',
      email: contact?.email ?? '',
      phone: formatPhone(contact?.phone),
      cpf: formatCpf(contact?.cpf),
      type: contact && contact.type !== 'prospect' ? contact.type : undefined,
      birthDate: contact?.birthDate ? formatDate(contact.birthDate) : '',
    },
  });
  const onError = useFormErrors(setError);
  const busy = create.isPending || update.isPending;

  const submit = handleSubmit((values) => {
    if (!contact) {
      create.mutate(values, {
        onSuccess: () => {
          notify.success('Contato criado com sucesso!');
          onClose();
        },
        onError: (error) => onError(error, 'Erro ao criar contato'),
      });
      return;
    }
    update.mutate(
      { id: contact.id, contact: { ...values, notes: [] } },
      {
        onSuccess: () => {
          notify.success('Contato atualizado com sucesso!');
          onClose();
        },
        onError: (error) => onError(error, 'Erro ao atualizar contato'),
      },
    );
  });

  return (
    <FormDialog
      title={contact ? 'Editar Contato' : 'Novo Contato'}
      submitLabel={contact ? 'Atualizar' : 'Criar'}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField control={control} name="name" label="Nome" required maxLength={100} autoComplete="off" />
      <TextField control={control} name="email" label="E-mail" type="email" maxLength={100} />
      <PhoneField control={control} name="phone" label="Telefone" hint="Celular ou fixo, com DDD" required />
      <CpfField control={control} name="cpf" label="CPF" />
      <DateField control={control} name="birthDate" label="Data de nascimento" />
      <SelectField control={control} name="type" label="Tipo" required options={TYPE_OPTIONS} />
    </FormDialog>
  );
}
