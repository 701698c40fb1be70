import { Field, Input, Checkbox, Select, Textarea } from '@fluentui/react-components';
import { Controller, type Control, type FieldErrors, type FieldValues, type Path } from 'react-hook-form';

interface Base<F extends FieldValues> {
  control: Control<F, unknown, Record<string, unknown>>;
  errors: FieldErrors<F>;
  name: Path<F>;
  label: string;
}

function messageOf<F extends FieldValues>(errors: FieldErrors<F>, name: Path<F>): string | undefined {
  const error = errors[name] as { message?: string } | undefined;
  return error?.message;
}

export function TextField<F extends FieldValues>({ control, errors, name, label, required, type, multiline, placeholder, hint }: Base<F> & {
  required?: boolean; type?: 'email' | 'password' | 'url'; multiline?: boolean; placeholder?: string; hint?: string;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <Field label={label} required={required} validationMessage={messageOf(errors, name)} hint={hint}>
          {multiline ? (
            <Textarea {...field} value={field.value ?? ''} placeholder={placeholder} />
          ) : (
            <Input {...field} value={field.value ?? ''} type={type} placeholder={placeholder} autoComplete={type === 'password' ? 'new-password' : 'off'} />
          )}
        </Field>
      )}
    />
  );
}

export function SelectField<F extends FieldValues>({ control, errors, name, label, options, emptyLabel }: Base<F> & {
  options: readonly { value: string; label: string }[]; emptyLabel: string;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <Field label={label} validationMessage={messageOf(errors, name)}>
          <Select {...field} value={field.value ?? ''}>
            <option value="">{emptyLabel}</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>{option.label}</option>
            ))}
          </Select>
        </Field>
      )}
    />
  );
}

export function ActiveField<F extends FieldValues>({ control, name, label }: Omit<Base<F>, 'errors'>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => <Checkbox label={label} checked={Boolean(field.value)} onChange={(_event, data) => field.onChange(data.checked === true)} />}
    />
  );
}
