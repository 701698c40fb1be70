import { onFirstUse } from './intl';

const COUNT = onFirstUse(() => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 }));

/** A count as a Brazilian reader writes it: 1.234. */
export function formatCount(value: number): string {
  return COUNT().format(value);
}
