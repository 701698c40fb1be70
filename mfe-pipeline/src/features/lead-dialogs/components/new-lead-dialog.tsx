import {
  ANNUAL_PREMIUM_MAX_CENTS,
  LeadDialogFormSchema,
  PIPELINE_OPERATIONS as OPS,
  type Contact,
  type StageKey,
} from '@corretora/contracts';
import { useOperation } from '@corretora/web-kit';
import { Button } from '@corretora/web-kit/fluent/core';
import {
  CpfField,
  FormDialog,
  MoneyField,
  PhoneField,
  ResponsibleField,
  SelectField,
  TextField,
  useFormErrors,
  useNotify,
  useSchemaForm,
} from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useCreateLead } from '../api/lead-api';
import { optionsOf, useReferenceNames } from '../../../lib/reference-names';
import { COLLEAGUES_CLIENT_FIELD, useColleagueClient } from '../../../components/colleague-client';
import { ContactPicker } from '../../../components/contact-picker';

const useStyles = makeStyles({
  modes: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/**
 * 'Criar Lead': a new prospect (name, phone, product and lead source required; CPF optional) and its
 * card, or a new deal for a contact already in the book (the card only, no second
 * contact), in the column it was opened from. `contactId` (the ficha's "Nova venda") opens on that client.
 */
export function NewLeadDialog({ stage, contactId, onClose }: { stage: StageKey; contactId?: number; onClose: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const { data } = useReferenceNames();
  const create = useCreateLead();
  // The ficha's "Nova venda" opens on its client (once their record arrives) until another is picked.
  const preset = useOperation(OPS.contact, { params: { id: contactId ?? 0 } }, { enabled: contactId !== undefined });
  const [picked, setPicked] = useState<Contact | null | undefined>(undefined);
  const client = picked === undefined ? (preset.data ?? null) : picked;
  const stages = (data?.pipelineStages ?? []).filter((candidate) => candidate.key !== 'closed');
  const initialStage = stages.find((candidate) => candidate.key === stage);
  const { control, handleSubmit, setError, setValue, clearErrors, watch, formState } = useSchemaForm(LeadDialogFormSchema, {
    defaultValues: {
      mode: contactId ? 'existing' : 'new',
      name: '',
      phone: '',
      cpf: '',
      contactId: null,
      leadSourceId: '',
      productId: '',
      stageId: initialStage ? String(initialStage.id) : '',
      annualPremium: null,
      responsibleId: '',
    },
  });
  const onError = useFormErrors(setError);
  const colleagues = useColleagueClient();
  const mode = watch('mode');
  const validate = handleSubmit((form) => {
    const chosen = stages.find((candidate) => candidate.id === form.stageId);
    if (!chosen) return setError('stageId', { message: 'Estágio é obrigatório' });
    const { mode: _mode, ...lead } = form;
    const name = form.mode === 'new' ? form.name : (client?.name ?? 'O cliente');
    create.mutate(
      { ...lead, stage: chosen.key },
      {
        onSuccess: () => {
          notify.success('Lead criado', `${name} está em ${chosen.name}.`);
          onClose();
        },
        onError: (error) => {
          if (form.mode === 'new' && colleagues.check(error, { cpf: form.cpf, cnpj: null }))
            return setError('cpf', { message: COLLEAGUES_CLIENT_FIELD });
          onError(error, 'Falha ao criar lead');
        },
      },
    );
  });

  return (
    <FormDialog
      title={mode === 'new' ? 'Novo Lead' : 'Nova venda para um cliente'}
      submitLabel="Criar Lead"
      busy={create.isPending}
      onSubmit={(event) => {
        // The picked client is the form's contactId (checked by the same schema as the rest).
        setValue('contactId', client?.id ?? null);
        return validate(event);
      }}
      onClose={onClose}
    >
      <div className={styles.modes} role="group" aria-label="Para quem é o lead">
        {(
          [
            ['new', 'Novo contato'],
            ['existing', 'Cliente existente'],
          ] as const
        ).map(([value, label]) => (
          <Button
            key={value}
            aria-pressed={mode === value}
            appearance={mode === value ? 'primary' : 'secondary'}
            onClick={() => setValue('mode', value)}
          >
            {label}
          </Button>
        ))}
      </div>
      {mode === 'new' ? (
        <>
          <TextField control={control} name="name" label="Nome" required maxLength={100} autoComplete="off" />
          <PhoneField control={control} name="phone" label="Telefone" hint="Celular ou fixo, com DDD" required />
          <CpfField control={control} name="cpf" label="CPF" />
          {colleagues.notice}
          <ResponsibleField control={control} name="responsibleId" />
        </>
      ) : (
        <ContactPicker
          value={client}
          onChange={(contact) => {
            setPicked(contact);
            clearErrors('contactId');
          }}
          error={'contactId' in formState.errors ? formState.errors.contactId?.message : undefined}
        />
      )}
      <SelectField control={control} name="productId" label="Tipo de seguro" required options={optionsOf(data?.products)} />
      <SelectField control={control} name="leadSourceId" label="Origem do lead" required options={optionsOf(data?.leadSources)} />
      <MoneyField
        control={control}
        name="annualPremium"
        label="Prêmio anual estimado"
        hint="O valor do card até a venda: soma nas colunas"
        maxCents={ANNUAL_PREMIUM_MAX_CENTS}
      />
      <SelectField
        control={control}
        name="stageId"
        label="Estágio"
        required
        options={stages.map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
      />
    </FormDialog>
  );
}
