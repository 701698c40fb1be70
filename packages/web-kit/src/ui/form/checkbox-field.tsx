import { Checkbox } from '@corretora/web-kit/fluent/checkbox';
import { useController, type FieldValues } from 'react-hook-form';
import type { FieldProps } from './fields';

export function CheckboxField<F extends FieldValues>(props: FieldProps<F, boolean | null | undefined>) {
  const {
    field: { ref: inputRef, ...field },
    fieldState,
  } = useController({ control: props.control, name: props.name });
  return (
    <Checkbox
      ref={inputRef}
      name={field.name}
      className={props.className}
      label={props.label}
      checked={field.value === true}
      disabled={props.disabled}
      onChange={(_event, data) => field.onChange(data.checked === true)}
      aria-invalid={fieldState.invalid || undefined}
    />
  );
}
