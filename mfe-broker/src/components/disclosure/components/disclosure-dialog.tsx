import {
  DisclosureFormSchema,
  centsToWire,
  wireToCents,
  type Disclosure,
  type DisclosureFormOutput,
  type DisclosureFormValues,
} from '@corretora/contracts';
import { apiErrorMessage } from '@corretora/web-kit';
import {
  CheckboxField,
  FormDialog,
  MoneyField,
  TextField,
  TextareaField,
  useFormErrors,
  useNotify,
  useSchemaForm,
} from '@corretora/web-kit/ui';
import { Button, Caption1, Text } from '@corretora/web-kit/fluent/core';
import { makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useFieldArray, type Control } from 'react-hook-form';
import { useSaveDisclosure } from '../api/disclosure-api';

const useStyles = makeStyles({
  holding: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) 130px auto',
    gap: tokens.spacingHorizontalS,
    alignItems: 'end',
    '& *': { minWidth: 0 },
  },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

function Holdings({
  control,
  name,
  label,
}: {
  control: Control<DisclosureFormValues, unknown, DisclosureFormOutput>;
  name: 'insurerHoldings' | 'insurerOwners';
  label: string;
}) {
  const styles = useStyles();
  const rows = useFieldArray({ control, name });
  return (
    <section className={styles.group} aria-label={label}>
      <Text weight="semibold">{label}</Text>
      {rows.fields.map((field, index) => (
        <div key={field.id} className={styles.holding}>
          <TextField control={control} name={`${name}.${index}.insurer`} label="Seguradora" maxLength={100} />
          <MoneyField control={control} name={`${name}.${index}.percent`} label="Participação (%)" unit="percent" maxCents={10_000} />
          <Button
            appearance="subtle"
            icon={<DeleteRegular />}
            aria-label={`Remover participação ${index + 1}`}
            onClick={() => rows.remove(index)}
          />
        </div>
      ))}
      {rows.fields.length === 0 ? <Caption1>Nenhuma de 10% ou mais.</Caption1> : null}
      {rows.fields.length < 20 ? (
        <Button appearance="secondary" icon={<AddRegular />} onClick={() => rows.append({ insurer: '', percent: null })}>
          Adicionar participação
        </Button>
      ) : null}
    </section>
  );
}

const toForm = (data: Disclosure): DisclosureFormValues => {
  const holding = (h: { insurer: string; percent: string }) => ({ insurer: h.insurer, percent: wireToCents(h.percent) });
  return {
    insurerHoldings: data.insurerHoldings.map(holding),
    insurerOwners: data.insurerOwners.map(holding),
    exclusive: data.exclusive,
    insurers: data.insurers.join('\n'),
  };
};

const toBody = (form: DisclosureFormOutput) => {
  const holding = (h: { insurer: string; percent: number }) => ({ insurer: h.insurer, percent: centsToWire(h.percent) });
  return { ...form, insurerHoldings: form.insurerHoldings.map(holding), insurerOwners: form.insurerOwners.map(holding) };
};

/** Items I–III as a form (loaded when a manager opens it): holdings either way, exclusivity, the insurers. */
export default function DisclosureDialog({ disclosure, onClose }: { disclosure: Disclosure; onClose: () => void }) {
  const notify = useNotify();
  const save = useSaveDisclosure();
  const { control, handleSubmit, setError } = useSchemaForm(DisclosureFormSchema, { defaultValues: toForm(disclosure) });
  const onError = useFormErrors(setError);
  const submit = handleSubmit((form) =>
    save.mutate(toBody(form), {
      onSuccess: () => {
        notify.success('Informe CNSP 382 salvo');
        onClose();
      },
      onError: (error) => onError(error, 'Não foi possível salvar o informe.', apiErrorMessage(error, '')),
    }),
  );
  return (
    <FormDialog title="Informe CNSP 382" submitLabel="Salvar informe" busy={save.isPending} onSubmit={submit} onClose={onClose}>
      <Holdings control={control} name="insurerHoldings" label="I — Participações da corretora em seguradoras (10% ou mais)" />
      <Holdings
        control={control}
        name="insurerOwners"
        label="II — Participações de seguradoras (ou seus controladores) na corretora (10% ou mais)"
      />
      <CheckboxField control={control} name="exclusive" label="III — A corretora tem obrigação contratual de exclusividade" />
      <TextareaField
        control={control}
        name="insurers"
        label="Seguradoras (uma por linha)"
        hint="Com exclusividade: as seguradoras da exclusividade. Sem: as seguradoras com que trabalha (em branco, as cadastradas em Configurações)."
      />
    </FormDialog>
  );
}
