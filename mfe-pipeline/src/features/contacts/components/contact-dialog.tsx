import {
  BRAZILIAN_STATES,
  STATE_CODES,
  CONTACT_KIND_LABELS,
  CONTACT_STATUS_LABELS,
  ContactCreateSchema,
  formatCep,
  formatCnpj,
  formatCpf,
  formatDate,
  formatPhone,
  type Contact,
} from '@corretora/contracts';
import { useCepLookup } from '@corretora/web-kit';
import {
  CepField,
  CnpjField,
  CpfField,
  DateField,
  FormDialog,
  PhoneField,
  ResponsibleField,
  SelectField,
  TextField,
  useFormErrors,
  useNotify,
  useSchemaForm,
} from '@corretora/web-kit/ui';
import { Subtitle2 } from '@corretora/web-kit/fluent/core';
import { useEffect, useRef } from 'react';
import { useUpdateContact } from '../../../lib/contact-api';
import { useCreateContact } from '../api/contacts-api';
import { COLLEAGUES_CLIENT_FIELD, useColleagueClient } from '../../../components/colleague-client';

const KIND_OPTIONS = (['pf', 'pj'] as const).map((kind) => ({ value: kind, label: CONTACT_KIND_LABELS[kind] }));
const STATUS_OPTIONS = (['client', 'prospect'] as const).map((status) => ({ value: status, label: CONTACT_STATUS_LABELS[status] }));
const UF_OPTIONS = BRAZILIAN_STATES.map((state) => ({ value: state.code, label: `${state.code} – ${state.name}` }));

/**
 * 'Novo Contato' / 'Editar Contato': a person (nome, CPF, nascimento) or a company (razão social,
 * nome fantasia, CNPJ, pessoa de contato), its phone and its address, which a typed CEP fills from
 * our own API (the form stays editable when the lookup is down). Checked by the contract's schema
 * before sending; the server answers the same messages.
 */
export function ContactDialog({ contact, onClose }: { contact: Contact | null; onClose: () => void }) {
  const notify = useNotify();
  const create = useCreateContact();
  const update = useUpdateContact();
  const { control, handleSubmit, setError, watch, setValue, getValues } = useSchemaForm(ContactCreateSchema, {
    defaultValues: {
      kind: contact?.kind ?? 'pf',
      status: contact?.type === 'prospect' ? 'prospect' : 'client',
      name: contact?.kind === 'pj' ? '' : (contact?.name ?? ''),
      legalName: contact?.legalName ?? '',
      tradeName: contact?.tradeName ?? '',
      contactPerson: contact?.contactPerson ?? '',
      email: contact?.email ?? '',
      phone: formatPhone(contact?.phone),
      cpf: formatCpf(contact?.cpf),
      cnpj: formatCnpj(contact?.cnpj),
      birthDate: contact?.birthDate ? formatDate(contact.birthDate) : '',
      address: {
        cep: formatCep(contact?.address.cep),
        street: contact?.address.street ?? '',
        number: contact?.address.number ?? '',
        complement: contact?.address.complement ?? '',
        district: contact?.address.district ?? '',
        city: contact?.address.city ?? '',
        uf: STATE_CODES.find((code) => code === contact?.address.uf) ?? '',
      },
      responsibleId: '',
    },
  });
  const onError = useFormErrors(setError);
  const colleagues = useColleagueClient();
  const busy = create.isPending || update.isPending;
  const kind = watch('kind') ?? 'pf';

  // A whole CEP fills the street, district, city and UF; a part the broker typed is kept (only
  // what the lookup filled is replaced by the next lookup).
  const cep = useCepLookup(watch('address.cep'));
  const filled = useRef<Record<string, string>>({});
  useEffect(() => {
    const found = cep.address;
    if (!found) return;
    for (const part of ['street', 'district', 'city', 'uf'] as const) {
      const current = getValues(`address.${part}`);
      if (found[part] && (!current || current === filled.current[part])) {
        setValue(`address.${part}`, found[part], { shouldValidate: true });
        filled.current[part] = found[part];
      }
    }
  }, [cep.address, getValues, setValue]);

  const submit = handleSubmit((values) => {
    if (!contact) {
      create.mutate(values, {
        onSuccess: () => {
          notify.success('Contato criado com sucesso!');
          onClose();
        },
        onError: (error) => {
          if (colleagues.check(error, { cpf: values.cpf, cnpj: values.cnpj }))
            return setError(values.kind === 'pj' ? 'cnpj' : 'cpf', { message: COLLEAGUES_CLIENT_FIELD });
          onError(error, 'Erro ao criar contato');
        },
      });
      return;
    }
    // Whose client it is changes on the ficha ('Mudar responsável'), not in this form.
    const { responsibleId: _new, ...edited } = values;
    update.mutate(
      { id: contact.id, contact: { ...edited, notes: [] } },
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
      <SelectField control={control} name="kind" label="Pessoa" required options={KIND_OPTIONS} emptyLabel="Escolha…" />
      {kind === 'pj' ? (
        <>
          <TextField control={control} name="legalName" label="Razão social" required maxLength={150} autoComplete="off" />
          <TextField control={control} name="tradeName" label="Nome fantasia" maxLength={100} autoComplete="off" />
          <CnpjField control={control} name="cnpj" label="CNPJ" hint="Números ou letras (CNPJ alfanumérico)" />
          <TextField control={control} name="contactPerson" label="Pessoa de contato" maxLength={100} autoComplete="off" />
        </>
      ) : (
        <>
          <TextField control={control} name="name" label="Nome" required maxLength={100} autoComplete="off" />
          <CpfField control={control} name="cpf" label="CPF" />
          <DateField control={control} name="birthDate" label="Data de nascimento" />
        </>
      )}
      <TextField control={control} name="email" label="E-mail" type="email" maxLength={100} />
      <PhoneField control={control} name="phone" label="Telefone" hint="Celular ou fixo, com DDD" required />
      {colleagues.notice}
      {contact ? null : <ResponsibleField control={control} name="responsibleId" />}
      {contact && <SelectField control={control} name="status" label="Situação" required options={STATUS_OPTIONS} />}
      <Subtitle2 as="h3">Endereço</Subtitle2>
      <CepField control={control} name="address.cep" label="CEP" hint={cep.hint ?? 'Digite o CEP: o endereço é preenchido.'} />
      <TextField control={control} name="address.street" label="Logradouro" maxLength={200} autoComplete="off" />
      <TextField control={control} name="address.number" label="Número" maxLength={20} autoComplete="off" />
      <TextField control={control} name="address.complement" label="Complemento" maxLength={100} autoComplete="off" />
      <TextField control={control} name="address.district" label="Bairro" maxLength={100} autoComplete="off" />
      <TextField control={control} name="address.city" label="Cidade" maxLength={100} autoComplete="off" />
      <SelectField control={control} name="address.uf" label="UF" options={UF_OPTIONS} emptyLabel="—" />
    </FormDialog>
  );
}
