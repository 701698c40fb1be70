import { maskCnpj, maskCpf, maskPhone } from '@corretora/contracts';
import { maskWithCaret } from '../src/ui/form/caret';

describe('maskWithCaret: the caret stays after the characters the broker typed', () => {
  test.each([
    // [raw text after the keystroke, caret in it, mask, expected value, expected caret]
    ['5299', 4, maskCpf, '529.9', 5],
    ['529.98224725', 12, maskCpf, '529.982.247-25', 14],
    // A digit typed in the middle: after it, not at the end.
    ['529.1982.247-25', 5, maskCpf, '529.198.224-72', 5],
    // A separator deleted by backspace: the caret stays before the next digit.
    ['529982.247-25', 3, maskCpf, '529.982.247-25', 3],
    ['(11) 9876-54321', 9, maskPhone, '(11) 98765-4321', 9],
    ['ab12cd34ef5601', 14, maskCnpj, 'AB.12C.D34/EF56-01', 18],
    ['', 0, maskCpf, '', 0],
  ])('%s (caret %i)', (raw, caret, mask, value, expected) => {
    expect(maskWithCaret(raw, caret, mask)).toEqual({ value, caret: expected });
  });
});
