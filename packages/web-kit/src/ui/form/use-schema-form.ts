import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm, type DefaultValues, type FieldValues, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type * as v from 'valibot';

/**
 * A form whose values are the schema's input (what the screen holds: masked strings, dd/mm/aaaa) and
 * whose submit receives the schema's output (normalised: digits, ISO dates, cents): one schema,
 * checked in the browser and again by the service. The one cast of the form kit lives here, where
 * valibot's generic schema meets react-hook-form's generic form.
 */
export function useSchemaForm<Input extends FieldValues, Output extends FieldValues>(
  schema: v.GenericSchema<Input, Output>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver' | 'defaultValues'> & { defaultValues: Input },
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({
    ...options,
    resolver: valibotResolver(schema) as unknown as Resolver<Input, unknown, Output>,
    defaultValues: options.defaultValues as DefaultValues<Input>,
  });
}
