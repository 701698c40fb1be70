/**
 * A value a control gave (a select's, a tab's: text) as one of `choices`, typed as theirs, or
 * undefined when it is none of them: a screen narrows what it was handed instead of asserting it.
 */
export function choiceOf<T extends string>(value: unknown, choices: readonly (T | { readonly value: T })[]): T | undefined {
  for (const choice of choices) {
    const candidate = typeof choice === 'string' ? choice : choice.value;
    if (candidate === value) return candidate;
  }
  return undefined;
}
