import { CLAIM_TYPES, ClaimFormSchema, centsToWire, formatDate, wireToCents, type Claim } from '@corretora/contracts';
import {
  DateField,
  FormDialog,
  MoneyField,
  SelectField,
  TextField,
  TextareaField,
  useFormErrors,
  useNotify,
  useSchemaForm,
} from '@corretora/web-kit/ui';
import { Field, Input } from '@corretora/web-kit/fluent/core';
import { useDeferredValue, useMemo, useState } from 'react';
import { useContactChoices, usePolicyChoices, useSaveClaim } from '../api/claims-api';

/** New and edit claim: client (searched among the broker's contacts), policy of that client, type, amount, description. */
export function ClaimDialog({ claim, onClose }: { claim: Claim | null; onClose: () => void }) {
  const notify = useNotify();
  const save = useSaveClaim();
  const [search, setSearch] = useState('');
  const contacts = useContactChoices(useDeferredValue(search));
  const policies = usePolicyChoices();
  const { control, handleSubmit, setError, watch } = useSchemaForm(ClaimFormSchema, {
    defaultValues: {
      contactId: claim ? String(claim.contactId) : '',
      policyId: claim?.policyId ? String(claim.policyId) : '',
      type: claim?.type ?? '',
      amount: claim ? wireToCents(claim.amount) : null,
      description: claim?.description ?? '',
      occurredAt: claim?.occurredAt ? formatDate(claim.occurredAt) : '',
      insurerClaimNumber: claim?.insurerClaimNumber ?? '',
    },
  });
  const onError = useFormErrors(setError);
  const contactId = watch('contactId');
  const contactOptions = useMemo(() => {
    const options = (contacts.data?.items ?? []).map((contact) => ({ value: String(contact.id), label: contact.name }));
    // The claim's own client stays choosable whatever the search shows.
    if (claim && !options.some((option) => option.value === String(claim.contactId)))
      options.unshift({ value: String(claim.contactId), label: claim.contactName });
    return options;
  }, [contacts.data, claim]);
  const policyOptions = (policies.data ?? [])
    .filter((policy) => contactId !== '' && policy.contactId === Number(contactId))
    .map((policy) => ({
      value: String(policy.id),
      label: policy.awaitingNumber ? `Aguardando nº (${policy.policyNumber})` : policy.policyNumber,
    }));

  const submit = handleSubmit((values) => {
    const body = {
      contactId: values.contactId,
      policyId: values.policyId,
      type: values.type,
      amount: centsToWire(values.amount),
      description: values.description,
      occurredAt: values.occurredAt,
      insurerClaimNumber: values.insurerClaimNumber,
    };
    save.mutate(
      { id: claim?.id ?? null, body },
      {
        onSuccess: () => {
          notify.success(claim ? 'Sinistro atualizado' : 'Sinistro registrado');
          onClose();
        },
        onError: (error) => onError(error, claim ? 'Falha ao atualizar o sinistro.' : 'Falha ao registrar o sinistro.'),
      },
    );
  });

  return (
    <FormDialog
      title={claim ? `Editar sinistro ${claim.claimId}` : 'Novo sinistro'}
      submitLabel={claim ? 'Salvar Alterações' : 'Registrar Sinistro'}
      busy={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Buscar cliente" hint="Nome, e-mail, telefone ou CPF">
        <Input value={search} onChange={(_event, data) => setSearch(data.value)} placeholder="Buscar cliente..." />
      </Field>
      <SelectField
        control={control}
        name="contactId"
        label="Cliente"
        required
        options={contactOptions}
        emptyLabel={contacts.isLoading ? 'Carregando clientes…' : 'Selecione o cliente'}
      />
      <SelectField
        control={control}
        name="policyId"
        label="Apólice"
        options={policyOptions}
        emptyLabel={policyOptions.length ? 'Sem apólice vinculada' : 'Nenhuma apólice deste cliente'}
      />
      <SelectField control={control} name="type" label="Tipo de sinistro" required options={CLAIM_TYPES} />
      <MoneyField control={control} name="amount" label="Valor" required />
      <DateField control={control} name="occurredAt" label="Data da ocorrência" />
      <TextField control={control} name="insurerClaimNumber" label="Nº do sinistro na seguradora" maxLength={40} autoComplete="off" />
      <TextareaField control={control} name="description" label="Descrição" maxLength={2000} />
    </FormDialog>
  );
}
