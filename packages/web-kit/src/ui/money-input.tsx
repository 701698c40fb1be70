import { formatMoneyInput, maskMoneyInput, parseMoneyToCents } from '@corretora/contracts';
import { Input, type InputProps } from '@corretora/web-kit/fluent/core';
import { forwardRef } from 'react';

export interface MoneyInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  /** Integer cents, or null when empty. */
  value: number | null;
  onChange: (cents: number | null) => void;
  maxCents?: number;
  /** 'percent': the same digit mask for a percentage in hundredths (12,50 %). */
  unit?: 'BRL' | 'percent';
}

/** Digits shift in from the right (1 -> 0,01 -> 0,12 -> 1,23); the value is always integer cents. */
export const MoneyInput = forwardRef<HTMLInputElement, MoneyInputProps>(function MoneyInput(
  { value, onChange, maxCents, unit = 'BRL', ...rest },
  ref,
) {
  return (
    <Input
      {...rest}
      ref={ref}
      inputMode="numeric"
      contentBefore={unit === 'BRL' ? 'R$' : undefined}
      contentAfter={unit === 'percent' ? '%' : undefined}
      value={value === null ? '' : formatMoneyInput(value)}
      onChange={(_event, data) => {
        if (!/\d/.test(data.value)) return onChange(null);
        const cents = parseMoneyToCents(maskMoneyInput(data.value));
        if (cents === null) return;
        onChange(maxCents !== undefined ? Math.min(cents, maxCents) : cents);
      }}
    />
  );
});
