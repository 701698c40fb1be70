import {
  BRAZILIAN_STATES,
  BUSINESS_TYPES,
  EXPERIENCE_OPTIONS,
  INSURANCE_TYPES,
  SUSEP_CATEGORIES,
  maskSusep,
  type BrokerProfileInput,
} from '@corretora/contracts';
import {
  CepField,
  CheckboxField,
  CnpjField,
  CpfField,
  DateField,
  MaskedField,
  NumberField,
  PhoneField,
  SelectField,
  TextField,
} from '@corretora/web-kit/ui';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Text } from '@corretora/web-kit/fluent/core';
import { Checkbox } from '@corretora/web-kit/fluent/checkbox';
import { Controller, type Control } from 'react-hook-form';
import type { WizardValues } from '../utils/wizard-form';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(16rem, 1fr))', gap: tokens.spacingHorizontalL },
  wide: { gridColumn: '1 / -1' },
  types: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))', gap: tokens.spacingHorizontalS },
  typeCard: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  fieldset: { border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  legend: { padding: 0, marginBottom: tokens.spacingVerticalS, fontWeight: tokens.fontWeightRegular },
  required: { color: tokens.colorPaletteRedForeground3 },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  typeCardChecked: {
    border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorBrandBackground2,
  },
});

interface StepProps {
  control: Control<WizardValues, unknown, BrokerProfileInput>;
}

const STATE_OPTIONS = BRAZILIAN_STATES.map((state) => ({ value: state.code, label: `${state.code} - ${state.name}` }));

export function StepPersonal(props: StepProps) {
  const styles = useStyles();
  return (
    <div className={styles.grid}>
      <TextField {...props} name="name" label="Nome" required maxLength={100} autoComplete="name" />
      <TextField {...props} name="email" label="E-mail" type="email" required maxLength={100} />
      <PhoneField {...props} name="phone" label="Celular" required />
      <CpfField {...props} name="cpf" label="CPF" required />
    </div>
  );
}

export function StepCompany({ control, noComplement, cepHint }: StepProps & { noComplement: boolean; cepHint?: string }) {
  const styles = useStyles();
  return (
    <div className={styles.grid}>
      <TextField control={control} name="companyName" label="Razão Social" required maxLength={100} autoComplete="organization" />
      <TextField control={control} name="tradingName" label="Nome Fantasia" required maxLength={100} />
      <CnpjField control={control} name="cnpj" label="CNPJ" required />
      <SelectField control={control} name="businessType" label="Tipo de empresa" options={BUSINESS_TYPES} />
      <div className={styles.wide}>
        <TextField control={control} name="address" label="Endereço" required maxLength={150} autoComplete="address-line1" />
      </div>
      <TextField control={control} name="number" label="Número" maxLength={20} />
      <TextField control={control} name="district" label="Bairro" maxLength={100} autoComplete="address-level3" />
      <TextField control={control} name="city" label="Cidade" required maxLength={50} autoComplete="address-level2" />
      <SelectField control={control} name="state" label="Estado" required options={STATE_OPTIONS} />
      <CepField control={control} name="zipCode" label="CEP" required hint={cepHint ?? 'Digite o CEP: o endereço é preenchido.'} />
      <div>
        <TextField
          control={control}
          name="complement"
          label="Complemento"
          required={!noComplement}
          disabled={noComplement}
          maxLength={100}
        />
        <CheckboxField control={control} name="noComplement" label="Não tem complemento" />
      </div>
    </div>
  );
}

export function StepSusep(props: StepProps) {
  const styles = useStyles();
  return (
    <div className={styles.grid}>
      <MaskedField
        {...props}
        name="susepNumber"
        label="Número SUSEP"
        required
        mask={maskSusep}
        inputMode="numeric"
        placeholder="00000000-0"
      />
      <DateField {...props} name="susepExpiry" label="Vencimento SUSEP" required />
      <SelectField {...props} name="susepCategory" label="Categoria SUSEP" required options={SUSEP_CATEGORIES} />
      <TextField {...props} name="website" label="Website" type="url" placeholder="https://www.suacorretora.com.br" maxLength={200} />
    </div>
  );
}

export function StepProfessional(props: StepProps) {
  const styles = useStyles();
  const { control } = props;
  return (
    <div className={styles.grid}>
      <div className={styles.wide}>
        <Controller
          name="insuranceTypes"
          control={control}
          render={({ field, fieldState }) => (
            // A fieldset, not a Field: a Field around many checkboxes would mark each one required.
            <fieldset className={styles.fieldset} aria-describedby={fieldState.error ? 'insurance-types-error' : undefined}>
              <legend className={styles.legend}>
                Tipos de seguro{' '}
                <span className={styles.required} aria-hidden="true">
                  *
                </span>
              </legend>
              <div className={styles.types}>
                {INSURANCE_TYPES.map((type) => {
                  const selected = field.value ?? [];
                  const checked = selected.includes(type.value);
                  return (
                    <div key={type.value} className={mergeClasses(styles.typeCard, checked && styles.typeCardChecked)}>
                      <Checkbox
                        label={type.label}
                        checked={checked}
                        onChange={(_event, data) =>
                          field.onChange(data.checked ? [...selected, type.value] : selected.filter((value) => value !== type.value))
                        }
                      />
                    </div>
                  );
                })}
              </div>
              {fieldState.error?.message ? (
                <Text id="insurance-types-error" role="alert" className={styles.error}>
                  {fieldState.error.message}
                </Text>
              ) : null}
            </fieldset>
          )}
        />
      </div>
      <SelectField {...props} name="experience" label="Experiência" required options={EXPERIENCE_OPTIONS} />
      <NumberField {...props} name="monthlyPolicies" label="Apólices por mês" min={0} max={99999} />
    </div>
  );
}
