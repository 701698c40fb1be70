import { ANNUAL_PREMIUM_MAX_CENTS, LeadFormSchema, type StageKey } from '@corretora/contracts';
import { CpfField, MoneyField, PhoneField, SelectField, TextField, useFormErrors, useNotify, useSchemaForm } from '@corretora/web-kit/ui';
import { FormDialog } from '@corretora/web-kit/ui';
import { useCreateLead } from '../api/lead-api';
import { optionsOf, useReferenceNames } from '../../../lib/reference-names';

/** 'Criar Lead' (name, phone, product and lead source required; CPF optional): a prospect and its card, in the column it was opened from. */
export function NewLeadDialog({ stage, onClose }: { stage: StageKey; onClose: () => void }) {
  const notify = useNotify();
  const { data } = useReferenceNames();
  const create = useCreateLead();
  const stages = (data?.pipelineStages ?? []).filter((candidate) => candidate.key !== 'closed');
  const initialStage = stages.find((candidate) => candidate.key === stage);
  const { control, handleSubmit, setError } = useSchemaForm(LeadFormSchema, {
    defaultValues: {
      name: '',
      phone: '',
      cpf: '',
      leadSourceId: '',
      productId: '',
      stageId: initialStage ? String(initialStage.id) : '',
      annualPremium: null,
    },
  });
  const onError = useFormErrors(setError);

  const submit = handleSubmit((lead) => {
    const chosen = stages.find((candidate) => candidate.id === lead.stageId);
    if (!chosen) return setError('stageId', { message: 'Estágio é obrigatório' });
    create.mutate(
      { ...lead, stage: chosen.key },
      {
        onSuccess: () => {
          notify.success('Lead criado', `${lead.name} está em ${chosen.name}.`);
          onClose();
        },
        onError: (error) => onError(error, 'Falha ao criar lead'),
      },
    );
  });

  return (
    <FormDialog title="Novo Lead" submitLabel="Criar Lead" busy={create.isPending} onSubmit={submit} onClose={onClose}>
      <TextField control={control} name="name" label="Nome" required maxLength={100} autoComplete="off" />
      <PhoneField control={control} name="phone" label="Telefone" hint="Celular ou fixo, com DDD" required />
      <CpfField control={control} name="cpf" label="CPF" />
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
