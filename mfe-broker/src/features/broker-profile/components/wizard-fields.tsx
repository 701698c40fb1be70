import {
  BRAZILIAN_STATES, BUSINESS_TYPES, EXPERIENCE_OPTIONS, INSURANCE_TYPES, SUSEP_CATEGORIES,
  maskCep, maskCnpj, maskCpf, maskDate, maskPhone, maskSusep, type BrokerProfileInput,
} from '@corretora/contracts';
import { MaskedInput } from '@corretora/web-kit/ui';
import { Field, Input, Text, makeStyles, mergeClasses, tokens, Checkbox, Select } from '@fluentui/react-components';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import type { WizardValues } from '../utils/wizard-form';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(16rem, 1fr))', gap: tokens.spacingHorizontalL },
  wide: { gridColumn: '1 / -1' },
  types: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))', gap: tokens.spacingHorizontalS },
  typeCard: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  fieldset: { border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  legend: { padding: 0, marginBottom: tokens.spacingVerticalS, fontWeight: tokens.fontWeightRegular },
  required: { color: tokens.colorPaletteRedForeground3 },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  typeCardChecked: { border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
});

interface StepProps {
  control: Control<WizardValues, unknown, BrokerProfileInput>;
  errors: FieldErrors<WizardValues>;
}

type TextName = Exclude<keyof WizardValues, 'noComplement' | 'insuranceTypes'>;

function TextField({ control, errors, name, label, required = true, mask, type, placeholder, disabled, maxLength }: StepProps & {
  name: TextName; label: string; required?: boolean; mask?: (raw: string) => string; type?: 'email' | 'url' | 'number';
  placeholder?: string; disabled?: boolean; maxLength?: number;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <Field label={label} required={required} validationMessage={errors[name]?.message}>
          {mask ? (
            <MaskedInput {...field} mask={mask} placeholder={placeholder} disabled={disabled} maxLength={maxLength} />
          ) : (
            <Input {...field} type={type} placeholder={placeholder} disabled={disabled} maxLength={maxLength} />
          )}
        </Field>
      )}
    />
  );
}

function SelectField({ control, errors, name, label, options, required = true }: StepProps & {
  name: TextName; label: string; options: readonly { value: string; label: string }[]; required?: boolean;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <Field label={label} required={required} validationMessage={errors[name]?.message}>
          <Select {...field} value={String(field.value ?? '')}>
            <option value="">Selecione…</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>{option.label}</option>
            ))}
          </Select>
        </Field>
      )}
    />
  );
}

const STATE_OPTIONS = BRAZILIAN_STATES.map((state) => ({ value: state.code, label: `${state.code} - ${state.name}` }));

export function StepPersonal(props: StepProps) {
  const styles = useStyles();
  return (
    <div className={styles.grid}>
      <TextField {...props} name="name" label="Nome" maxLength={100} />
      <TextField {...props} name="email" label="Email" type="email" maxLength={100} />
      <TextField {...props} name="phone" label="Celular" mask={maskPhone} placeholder="(11) 99999-9999" />
      <TextField {...props} name="cpf" label="CPF" mask={maskCpf} placeholder="000.000.000-00" />
    </div>
  );
}

export function StepCompany(props: StepProps & { noComplement: boolean; onNoComplementChange: (checked: boolean) => void }) {
  const styles = useStyles();
  const { control, errors, noComplement, onNoComplementChange } = props;
  return (
    <div className={styles.grid}>
      <TextField control={control} errors={errors} name="companyName" label="Razão Social" maxLength={100} />
      <TextField control={control} errors={errors} name="tradingName" label="Nome Fantasia" maxLength={100} />
      <TextField control={control} errors={errors} name="cnpj" label="CNPJ" mask={maskCnpj} placeholder="00.000.000/0000-00" />
      <SelectField control={control} errors={errors} name="businessType" label="Tipo de empresa" options={BUSINESS_TYPES} required={false} />
      <div className={styles.wide}>
        <TextField control={control} errors={errors} name="address" label="Endereço" maxLength={150} />
      </div>
      <TextField control={control} errors={errors} name="city" label="Cidade" maxLength={50} />
      <SelectField control={control} errors={errors} name="state" label="Estado" options={STATE_OPTIONS} />
      <TextField control={control} errors={errors} name="zipCode" label="CEP" mask={maskCep} placeholder="00000-000" />
      <div>
        <TextField control={control} errors={errors} name="complement" label="Complemento" required={!noComplement} disabled={noComplement} maxLength={100} />
        <Checkbox label="Não tem complemento" checked={noComplement} onChange={(_event, data) => onNoComplementChange(data.checked === true)} />
      </div>
    </div>
  );
}

export function StepSusep(props: StepProps) {
  const styles = useStyles();
  return (
    <div className={styles.grid}>
      <TextField {...props} name="susepNumber" label="Número SUSEP" mask={maskSusep} placeholder="00000000-0" />
      <TextField {...props} name="susepExpiry" label="Vencimento SUSEP" mask={maskDate} placeholder="dd/mm/aaaa" />
      <SelectField {...props} name="susepCategory" label="Categoria SUSEP" options={SUSEP_CATEGORIES} />
      <TextField {...props} name="website" label="Website" required={false} placeholder="https://www.suacorretora.com.br" maxLength={200} />
    </div>
  );
}

export function StepProfessional(props: StepProps) {
  const styles = useStyles();
  const { control, errors } = props;
  return (
    <div className={styles.grid}>
      <div className={styles.wide}>
        <Controller
          name="insuranceTypes"
          control={control}
          render={({ field }) => (
            // A fieldset, not a Field: a Field around many checkboxes would mark each one required.
            <fieldset className={styles.fieldset} aria-describedby={errors.insuranceTypes ? 'insurance-types-error' : undefined}>
              <legend className={styles.legend}>
                Tipos de seguro <span className={styles.required} aria-hidden="true">*</span>
              </legend>
              <div className={styles.types}>
                {INSURANCE_TYPES.map((type) => {
                  const checked = field.value.includes(type.value);
                  return (
                    <div key={type.value} className={mergeClasses(styles.typeCard, checked && styles.typeCardChecked)}>
                      <Checkbox
                        label={type.label}
                        checked={checked}
                        onChange={(_event, data) =>
                          field.onChange(data.checked ? [...field.value, type.value] : field.value.filter((value) => value !== type.value))
                        }
                      />
                    </div>
                  );
                })}
              </div>
              {errors.insuranceTypes?.message ? (
                <Text id="insurance-types-error" role="alert" className={styles.error}>{errors.insuranceTypes.message}</Text>
              ) : null}
            </fieldset>
          )}
        />
      </div>
      <SelectField {...props} name="experience" label="Experiência" options={EXPERIENCE_OPTIONS} />
      <TextField {...props} name="monthlyPolicies" label="Apólices por mês" type="number" required={false} />
    </div>
  );
}

