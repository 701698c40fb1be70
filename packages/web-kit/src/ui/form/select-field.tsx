import { Field } from '@corretora/web-kit/fluent/core';
import { Select } from '@corretora/web-kit/fluent/select';
import type { FieldValues } from 'react-hook-form';
import { useField, type FieldProps, type Text } from './fields';

export function SelectField<F extends FieldValues>(
  props: FieldProps<F, Text> & { options: readonly { value: string; label: string }[]; emptyLabel?: string },
) {
  const { shell, text } = useField(props);
  return (
    <Field {...shell}>
      <Select {...text}>
        <option value="">{props.emptyLabel ?? 'Selecione…'}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
