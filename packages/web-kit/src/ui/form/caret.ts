/** What counts as typed content in our masks (digits and the letters of an alphanumeric CNPJ). */
const SIGNIFICANT = /[0-9A-Za-z]/;

/**
 * Applies a progressive mask (contracts' maskCpf, maskPhone…) and says where the caret goes: after
 * as many typed characters as stood before it in the raw text. Editing the middle of a CPF keeps the
 * caret where the broker types instead of jumping to the end.
 */
export function maskWithCaret(raw: string, caret: number, mask: (raw: string) => string): { value: string; caret: number } {
  const value = mask(raw);
  let before = 0;
  for (const char of raw.slice(0, caret)) if (SIGNIFICANT.test(char)) before += 1;
  if (before === 0) return { value, caret: 0 };
  let seen = 0;
  for (let index = 0; index < value.length; index += 1) {
    if (SIGNIFICANT.test(value[index]!)) seen += 1;
    if (seen === before) return { value, caret: index + 1 };
  }
  return { value, caret: value.length };
}
