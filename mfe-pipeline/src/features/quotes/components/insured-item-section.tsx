import {
  PROPERTY_TYPES,
  PersonsFormSchema,
  PropertySchema,
  STATE_CODES,
  VEHICLE_USES,
  VehicleSchema,
  describeInsuredItem,
  formatCep,
  formatCpf,
  formatDate,
  formatPlate,
  type InsuredItem,
  type InsuredItemKind,
} from '@corretora/contracts';
import { apiErrorMessage } from '@corretora/web-kit';
import {
  CepField,
  CpfField,
  DateField,
  NumberField,
  SelectField,
  TextField,
  useFormErrors,
  useNotify,
  useSchemaForm,
} from '@corretora/web-kit/ui';
import { Body1, Button, Text } from '@corretora/web-kit/fluent/core';
import { makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useSaveInsuredItem } from '../api/quotes-api';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  top: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: tokens.spacingVerticalM, alignItems: 'start' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end', flexWrap: 'wrap' },
  person: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr)) auto',
    gap: tokens.spacingHorizontalM,
    alignItems: 'end',
  },
});

const USE_CHOICES = VEHICLE_USES.map((use) => ({ value: use.value, label: use.label }));
const UF_CHOICES = STATE_CODES.map((code) => ({ value: code, label: code }));
const year = (value: number | null | undefined) => (value ? String(value) : '');

function VehicleForm({ item, onSave, busy, onCancel }: FormProps) {
  const styles = useStyles();
  const car = item?.vehicle;
  const { control, handleSubmit, setError } = useSchemaForm(VehicleSchema, {
    defaultValues: {
      plate: formatPlate(car?.plate),
      chassis: car?.chassis ?? '',
      make: car?.make ?? '',
      model: car?.model ?? '',
      manufactureYear: year(car?.manufactureYear),
      modelYear: year(car?.modelYear),
      fipeCode: car?.fipeCode ?? '',
      use: car?.use ?? null,
      overnightCep: formatCep(car?.overnightCep),
      mainDriver: {
        name: car?.mainDriver?.name ?? '',
        cpf: formatCpf(car?.mainDriver?.cpf),
        birthDate: formatDate(car?.mainDriver?.birthDate),
      },
    },
  });
  const onError = useFormErrors(setError);
  const submit = handleSubmit((vehicle) => onSave({ kind: 'vehicle', vehicle, property: null, persons: null }, onError));
  return (
    <form onSubmit={submit} className={styles.root} aria-label="Veículo segurado" noValidate>
      <div className={styles.grid}>
        <TextField control={control} name="plate" label="Placa" hint="ABC-1234 ou ABC1D23" maxLength={9} />
        <TextField control={control} name="make" label="Marca" maxLength={40} />
        <TextField control={control} name="model" label="Modelo" maxLength={80} />
        <NumberField control={control} name="manufactureYear" label="Ano de fabricação" min={1950} max={2100} />
        <NumberField control={control} name="modelYear" label="Ano do modelo" min={1950} max={2100} />
        <TextField control={control} name="fipeCode" label="Código FIPE" hint="ex.: 004407-1" maxLength={8} />
        <TextField control={control} name="chassis" label="Chassi" maxLength={17} />
        <SelectField control={control} name="use" label="Uso" options={USE_CHOICES} emptyLabel="Não informado" />
        <CepField control={control} name="overnightCep" label="CEP de pernoite" />
        <TextField control={control} name="mainDriver.name" label="Principal condutor" maxLength={100} />
        <CpfField control={control} name="mainDriver.cpf" label="CPF do condutor" />
        <DateField control={control} name="mainDriver.birthDate" label="Nascimento do condutor" />
      </div>
      <Actions busy={busy} onCancel={onCancel} />
    </form>
  );
}

function PropertyForm({ item, onSave, busy, onCancel }: FormProps) {
  const styles = useStyles();
  const place = item?.property;
  const { control, handleSubmit, setError } = useSchemaForm(PropertySchema, {
    defaultValues: {
      propertyType: place?.propertyType ?? null,
      cep: formatCep(place?.cep),
      street: place?.street ?? '',
      number: place?.number ?? '',
      complement: place?.complement ?? '',
      district: place?.district ?? '',
      city: place?.city ?? '',
      uf: place?.uf ?? null,
    },
  });
  const onError = useFormErrors(setError);
  const submit = handleSubmit((property) => onSave({ kind: 'property', vehicle: null, property, persons: null }, onError));
  return (
    <form onSubmit={submit} className={styles.root} aria-label="Imóvel segurado" noValidate>
      <div className={styles.grid}>
        <SelectField control={control} name="propertyType" label="Tipo do imóvel" options={PROPERTY_TYPES} emptyLabel="Não informado" />
        <CepField control={control} name="cep" label="CEP do risco" />
        <TextField control={control} name="street" label="Logradouro" maxLength={120} />
        <TextField control={control} name="number" label="Número" maxLength={20} />
        <TextField control={control} name="complement" label="Complemento" maxLength={60} />
        <TextField control={control} name="district" label="Bairro" maxLength={60} />
        <TextField control={control} name="city" label="Cidade" maxLength={60} />
        <SelectField control={control} name="uf" label="UF" options={UF_CHOICES} emptyLabel="Não informada" />
      </div>
      <Actions busy={busy} onCancel={onCancel} />
    </form>
  );
}

/** The insured persons (Vida, AP, Saúde, Odonto): name, CPF and birth date each; one at least, fifty at most. */
function PersonsForm({ item, onSave, busy, onCancel }: FormProps) {
  const styles = useStyles();
  const { control, handleSubmit, setError } = useSchemaForm(PersonsFormSchema, {
    defaultValues: {
      persons: (item?.persons?.length ? item.persons : [{ name: '', cpf: null, birthDate: null }]).map((person) => ({
        name: person.name,
        cpf: formatCpf(person.cpf),
        birthDate: person.birthDate ? formatDate(person.birthDate) : '',
      })),
    },
  });
  const rows = useFieldArray({ control, name: 'persons' });
  const onError = useFormErrors(setError);
  const submit = handleSubmit(({ persons }) => onSave({ kind: 'persons', vehicle: null, property: null, persons }, onError));
  return (
    <form onSubmit={submit} className={styles.root} aria-label="Pessoas seguradas" noValidate>
      {rows.fields.map((field, index) => (
        <div key={field.id} className={styles.person}>
          <TextField control={control} name={`persons.${index}.name`} label={`Nome da pessoa ${index + 1}`} required maxLength={100} />
          <CpfField control={control} name={`persons.${index}.cpf`} label="CPF" />
          <DateField control={control} name={`persons.${index}.birthDate`} label="Nascimento" />
          <Button
            appearance="subtle"
            icon={<DeleteRegular />}
            aria-label={`Remover pessoa ${index + 1}`}
            disabled={rows.fields.length === 1}
            onClick={() => rows.remove(index)}
          />
        </div>
      ))}
      {rows.fields.length < 50 ? (
        <div>
          <Button icon={<AddRegular />} onClick={() => rows.append({ name: '', cpf: '', birthDate: '' })}>
            Adicionar pessoa
          </Button>
        </div>
      ) : null}
      <Actions busy={busy} onCancel={onCancel} />
    </form>
  );
}

function Actions({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  const styles = useStyles();
  return (
    <div className={styles.actions}>
      <Button onClick={onCancel} disabled={busy}>
        Cancelar
      </Button>
      <Button appearance="primary" type="submit" disabled={busy}>
        Salvar item segurado
      </Button>
    </div>
  );
}

interface FormProps {
  item: InsuredItem | null;
  busy: boolean;
  onCancel: () => void;
  onSave: (item: InsuredItem, onError: ReturnType<typeof useFormErrors>) => void;
}

const FORMS = { vehicle: VehicleForm, property: PropertyForm, persons: PersonsForm } as const;
const TITLES = { vehicle: 'Veículo segurado', property: 'Imóvel segurado', persons: 'Pessoas seguradas' } as const;

/** What the deal insures, by its line's kind: the vehicle (Auto), the risk's address (the property lines) or the persons (Vida, AP, Saúde, Odonto). */
export function InsuredItemSection({ cardId, item, kind }: { cardId: number; item: InsuredItem | null; kind: InsuredItemKind }) {
  const styles = useStyles();
  const notify = useNotify();
  const save = useSaveInsuredItem(cardId);
  const [editing, setEditing] = useState(item === null);
  const onSave: FormProps['onSave'] = (next, onError) =>
    save.mutate(next, {
      onSuccess: () => {
        notify.success('Item segurado salvo');
        setEditing(false);
      },
      onError: (error) => onError(error, 'Não foi possível salvar o item segurado.', apiErrorMessage(error, '')),
    });
  const Form = FORMS[kind];
  return (
    <section className={styles.root} aria-label="Item segurado">
      <div className={styles.top}>
        <Text as="h2" size={500} weight="semibold">
          {TITLES[kind]}
        </Text>
        {!editing ? (
          <Button icon={<EditRegular />} onClick={() => setEditing(true)}>
            Editar item segurado
          </Button>
        ) : null}
      </div>
      {editing ? (
        <Form item={item} busy={save.isPending} onSave={onSave} onCancel={() => setEditing(false)} />
      ) : (
        <Body1>{describeInsuredItem(item) || 'Nada informado ainda.'}</Body1>
      )}
    </section>
  );
}
