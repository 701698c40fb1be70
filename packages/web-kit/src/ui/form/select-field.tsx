import { Field } from '@corretora/web-kit/fluent/core';
import { Select } from '@corretora/web-kit/fluent/select';
import type { FieldValues } from 'react-hook-form';
import { useField, type FieldProps, type Text } from './fields';

type Choice = { value: string; label: string };

/** A select bound by name; `groups` shows its options under headings (the lines by SUSEP group). */
export function SelectField<F extends FieldValues>(
  props: FieldProps<F, Text> & { emptyLabel?: string } & (
      { options: readonly Choice[]; groups?: never } | { groups: readonly { label: string; options: readonly Choice[] }[]; options?: never }
    ),
) {
  const { shell, text } = useField(props);
  const choices = (options: readonly Choice[]) =>
    options.map((option) => (
      <option key={option.value} value={option.value}>
        {option.label}
      </option>
    ));
  return (
    <Field {...shell}>
      <Select {...text}>
        <option value="">{props.emptyLabel ?? 'Selecione…'}</option>
        {props.groups
          ? props.groups.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {choices(group.options)}
              </optgroup>
            ))
          : choices(props.options)}
      </Select>
    </Field>
  );
}
