import { Input, type InputProps } from '@corretora/web-kit/fluent/core';
import { forwardRef, useCallback, useLayoutEffect, useRef } from 'react';
import { maskWithCaret } from './form/caret';

export interface MaskedInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (masked: string) => void;
  /** Progressive mask from contracts (maskCpf, maskPhone, …). */
  mask: (raw: string) => string;
}

/** A text input that shows the value masked while the broker types, keeping the caret where they type. */
export const MaskedInput = forwardRef<HTMLInputElement, MaskedInputProps>(function MaskedInput({ value, onChange, mask, ...rest }, ref) {
  const input = useRef<HTMLInputElement | null>(null);
  const pendingCaret = useRef<number | null>(null);
  const setRef = useCallback(
    (element: HTMLInputElement | null) => {
      input.current = element;
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [ref],
  );
  useLayoutEffect(() => {
    if (pendingCaret.current === null || !input.current || document.activeElement !== input.current) return;
    input.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  });
  return (
    <Input
      {...rest}
      ref={setRef}
      value={value ?? ''}
      onChange={(event, data) => {
        const next = maskWithCaret(data.value, event.target.selectionStart ?? data.value.length, mask);
        pendingCaret.current = next.caret;
        onChange(next.value);
        // A refused character leaves the value as it was: React restores it without a render, so
        // put the caret back here.
        if (next.value === (value ?? '')) {
          const element = event.target;
          setTimeout(() => element.setSelectionRange(next.caret, next.caret), 0);
        }
      }}
    />
  );
});
