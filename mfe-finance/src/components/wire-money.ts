import { formatMoney, wireToCents } from '@corretora/contracts';

/** Money as the API sends it ('1234.50', or null: nothing yet) as the screen shows it (R$ 1.234,50, or —). */
export const wireMoney = (wire: string | null) => (wire === null ? '—' : formatMoney(wireToCents(wire)));
