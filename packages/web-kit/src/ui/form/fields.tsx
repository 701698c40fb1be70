import { maskCep, maskCnpj, maskCpf, maskDate, maskPhone } from '@corretora/contracts';
import { Field, Input, type InputProps } from '@corretora/web-kit/fluent/core';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { MaskedInput } from '../masked-input';
import { MoneyInput } from '../money-input';
import { PasswordInput } from '../password-input';

/**
 * The form kit: every field of every form, bound to a react-hook-form form by name. The name must
 * be a field whose value type fits the component (a CheckboxField only takes a boolean field, a
 * MoneyField a number of cents), and the form's types come from its valibot schema (useSchemaForm),
 * so a typo or a wrong field is a type error, not a cast. Labels, required marks, hints and the
 * field's error (from the schema or placed from the server by useFormErrors) are handled here.
 * Fields of other Fluent families (select, textarea, checkbox) live in files of their own, so a
 * page loads the families of the fields it shows and no other.
 */
export interface FieldProps<F extends FieldValues, V> {
  control: Control<F, unknown, FieldValues>;
  name: FieldPathByValue<F, V>;
  label: string;
  required?: boolean;
  hint?: string;
  disabled?: boolean;
  className?: string;
}

export type Text = string | null | undefined;
type InputExtras = Pick<InputProps, 'placeholder' | 'maxLength' | 'autoComplete' | 'inputMode'>;

/**
 * The field's state, the props of its Fluent <Field> and those of a text-like control: the value as
 * text and every change written back as the control reports it.
 */
export function useField<F extends FieldValues, V>(props: FieldProps<F, V>) {
  // The input's ref is taken apart from the field's values: React's lint reads a `.ref` property as a
  // ref object and would forbid reading the rest of the field during render.
  const {
    field: { ref: inputRef, ...field },
    fieldState,
  } = useController({ control: props.control, name: props.name });
  const shell = {
    label: props.label,
    required: props.required,
    hint: props.hint,
    className: props.className,
    validationMessage: fieldState.error?.message,
  };
  const text = {
    ref: inputRef,
    name: field.name,
    value: field.value === null || field.value === undefined ? '' : String(field.value),
    onChange: (_event: unknown, data: { value: string }) => field.onChange(data.value),
    onBlur: field.onBlur,
    disabled: props.disabled,
  };
  return { field, inputRef, shell, text };
}

export function TextField<F extends FieldValues>(
  props: FieldProps<F, Text> & InputExtras & { type?: 'text' | 'email' | 'url' | 'number' },
) {
  const { shell, text } = useField(props);
  return (
    <Field {...shell}>
      <Input
        {...text}
        type={props.type ?? 'text'}
        disabled={props.disabled}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
        autoComplete={props.autoComplete ?? (props.type === 'email' ? 'email' : undefined)}
        inputMode={props.inputMode ?? (props.type === 'email' ? 'email' : props.type === 'url' ? 'url' : undefined)}
      />
    </Field>
  );
}

/** A whole number as typed (the schema converts the text and checks the range). */
export function NumberField<F extends FieldValues>(
  props: FieldProps<F, number | string | null | undefined> & Pick<InputProps, 'placeholder'> & { min?: number; max?: number },
) {
  const { shell, text } = useField(props);
  return (
    <Field {...shell}>
      <Input {...text} type="number" inputMode="numeric" min={props.min} max={props.max} placeholder={props.placeholder} />
    </Field>
  );
}

export function PasswordField<F extends FieldValues>(props: FieldProps<F, Text> & Pick<InputProps, 'placeholder' | 'autoComplete'>) {
  const { shell, text } = useField(props);
  return (
    <Field {...shell}>
      <PasswordInput {...text} placeholder={props.placeholder} autoComplete={props.autoComplete ?? 'current-password'} />
    </Field>
  );
}

/** Integer cents in the form; BRL on screen. */
export function MoneyField<F extends FieldValues>(
  props: FieldProps<F, number | null | undefined> & { maxCents?: number; placeholder?: string; unit?: 'BRL' | 'percent' },
) {
  const { field, inputRef, shell } = useField(props);
  return (
    <Field {...shell}>
      <MoneyInput
        ref={inputRef}
        name={field.name}
        value={typeof field.value === 'number' ? field.value : null}
        onChange={field.onChange}
        onBlur={field.onBlur}
        maxCents={props.maxCents}
        placeholder={props.placeholder}
        unit={props.unit}
        disabled={props.disabled}
      />
    </Field>
  );
}

/** A text field shown through a progressive mask of contracts (the caret stays where the broker types). */
export function MaskedField<F extends FieldValues>(props: FieldProps<F, Text> & InputExtras & { mask: (raw: string) => string }) {
  const { field, inputRef, shell } = useField(props);
  return (
    <Field {...shell}>
      <MaskedInput
        ref={inputRef}
        name={field.name}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        mask={props.mask}
        disabled={props.disabled}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
        autoComplete={props.autoComplete ?? 'off'}
        inputMode={props.inputMode}
      />
    </Field>
  );
}

type MaskedProps<F extends FieldValues> = FieldProps<F, Text> & Pick<InputProps, 'placeholder' | 'autoComplete'>;

/** dd/mm/aaaa as typed (the schema turns it into ISO), never the browser's locale-dependent date input. */
export const DateField = <F extends FieldValues>(props: MaskedProps<F>) => (
  <MaskedField {...props} mask={maskDate} inputMode="numeric" placeholder={props.placeholder ?? 'dd/mm/aaaa'} />
);
export const CpfField = <F extends FieldValues>(props: MaskedProps<F>) => (
  <MaskedField {...props} mask={maskCpf} inputMode="numeric" placeholder={props.placeholder ?? '000.000.000-00'} />
);
/** Letters too: the alphanumeric CNPJ (from July 2026) has A-Z in its first 12 characters. */
export const CnpjField = <F extends FieldValues>(props: MaskedProps<F>) => (
  <MaskedField {...props} mask={maskCnpj} inputMode="text" placeholder={props.placeholder ?? '00.000.000/0000-00'} />
);
export const CepField = <F extends FieldValues>(props: MaskedProps<F>) => (
  <MaskedField
    {...props}
    mask={maskCep}
    inputMode="numeric"
    autoComplete={props.autoComplete ?? 'postal-code'}
    placeholder={props.placeholder ?? '00000-000'}
  />
);
export const PhoneField = <F extends FieldValues>(props: MaskedProps<F>) => (
  <MaskedField
    {...props}
    mask={maskPhone}
    inputMode="tel"
    autoComplete={props.autoComplete ?? 'tel'}
    placeholder={props.placeholder ?? '(11) 99999-9999'}
  />
);
