import {
  BROKER_OPERATIONS,
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
  QueryState,
  TextField,
  TextareaField,
  useFormErrors,
  useMayCall,
  useNotify,
  useSchemaForm,
} from '@corretora/web-kit/ui';
import { Body1, Button, Caption1, Subtitle1, Text } from '@corretora/web-kit/fluent/core';
import { Card, CardHeader } from '@corretora/web-kit/fluent/card';
import { makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, DocumentTextRegular, EditRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useFieldArray, type Control } from 'react-hook-form';
import { useDisclosure, useSaveDisclosure } from '../api/disclosure-api';

const useStyles = makeStyles({
  card: { gap: tokens.spacingVerticalM, marginTop: tokens.spacingVerticalL },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  holding: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) 130px auto',
    gap: tokens.spacingHorizontalS,
    alignItems: 'end',
    '& *': { minWidth: 0 },
  },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

const percent = (wire: string) => `${wire.replace('.', ',')}%`;

/** Minha Corretora's CNSP 382 card: items I–III as every disclosure prints them; the managers edit them. */
export function DisclosureSection() {
  const styles = useStyles();
  const disclosure = useDisclosure();
  const mayEdit = useMayCall(BROKER_OPERATIONS.saveDisclosure);
  const [editing, setEditing] = useState(false);
  return (
    <Card className={styles.card}>
      <CardHeader
        image={<DocumentTextRegular fontSize={24} />}
        header={<Subtitle1 as="h2">Informe CNSP 382</Subtitle1>}
        action={
          mayEdit ? (
            <Button icon={<EditRegular />} onClick={() => setEditing(true)} disabled={!disclosure.data}>
              Editar informe
            </Button>
          ) : undefined
        }
      />
      <Caption1>
        O que a Resolução CNSP nº 382/2020 pede que o cliente saiba antes de contratar. Cada informe de uma cotação traz estes itens e a
        remuneração da corretora em reais.
      </Caption1>
      <QueryState query={disclosure} loading="Carregando o informe..." error="Não foi possível carregar o informe.">
        {(data: Disclosure) => (
          <>
            <Body1>
              <Text weight="semibold">I — Participação da corretora em seguradoras: </Text>
              {data.insurerHoldings.length
                ? data.insurerHoldings.map((h) => `${h.insurer} (${percent(h.percent)})`).join('; ')
                : 'nenhuma de 10% ou mais'}
            </Body1>
            <Body1>
              <Text weight="semibold">II — Participação de seguradoras na corretora: </Text>
              {data.insurerOwners.length
                ? data.insurerOwners.map((h) => `${h.insurer} (${percent(h.percent)})`).join('; ')
                : 'nenhuma de 10% ou mais'}
            </Body1>
            <Body1>
              <Text weight="semibold">III — Exclusividade: </Text>
              {data.exclusive
                ? `com ${data.insurers.join(', ')}`
                : `não há${data.insurers.length ? `; trabalha com ${data.insurers.join(', ')}` : '; trabalha com as seguradoras cadastradas em Configurações'}`}
            </Body1>
            {editing ? <DisclosureDialog disclosure={data} onClose={() => setEditing(false)} /> : null}
          </>
        )}
      </QueryState>
    </Card>
  );
}

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

function DisclosureDialog({ disclosure, onClose }: { disclosure: Disclosure; onClose: () => void }) {
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
