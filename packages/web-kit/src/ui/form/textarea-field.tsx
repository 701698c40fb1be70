import { Field } from '@corretora/web-kit/fluent/core';
import { Textarea } from '@corretora/web-kit/fluent/textarea';
import type { FieldValues } from 'react-hook-form';
import { useField, type FieldProps, type Text } from './fields';

export function TextareaField<F extends FieldValues>(props: FieldProps<F, Text> & { placeholder?: string; maxLength?: number }) {
  const { shell, text } = useField(props);
  return (
    <Field {...shell}>
      <Textarea {...text} placeholder={props.placeholder} maxLength={props.maxLength} />
    </Field>
  );
}
