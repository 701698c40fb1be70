import { Input, type InputProps } from '@fluentui/react-components';
import { forwardRef } from 'react';

export interface MaskedInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (masked: string) => void;
  /** Progressive mask from contracts (maskCpf, maskPhone, …). */
  mask: (raw: string) => string;
}

/** A text input that shows the value masked while the broker types. */
export const MaskedInput = forwardRef<HTMLInputElement, MaskedInputProps>(function MaskedInput({ value, onChange, mask, ...rest }, ref) {
  return <Input {...rest} ref={ref} value={value ?? ''} onChange={(_event, data) => onChange(mask(data.value))} />;
});
