import type { CompletionInput } from '@corretora/contracts';

/** How a sale's field is kept on the card: an id, a date, money (numeric reais, cents on the wire) or text. */
type Carried = 'id' | 'date' | 'money' | 'text';

/**
 * The sale a finalize writes on the card, once: each field of the spec's body (the completion form,
 * CompletionInput) with its column on pipeline_cards and how it is carried. The finalize's update,
 * the card's answer and what makes confirm-issuance a finalize all come from here, so a new field of
 * the sale is one line (and the compiler asks for it when the form's schema gains one).
 */
const SALE = {
  insurerId: ['insurer_id', 'id'],
  startDate: ['start_date', 'date'],
  endDate: ['end_date', 'date'],
  premioLiquido: ['premio_liquido', 'money'],
  iof: ['iof', 'money'],
  juros: ['juros', 'money'],
  totalPremium: ['total_premium', 'money'],
  // Hundredths of a percent on the wire, like money (1250 = 12,50%).
  commissionPercentage: ['commission_percentage', 'money'],
  commissionAmount: ['commission_amount', 'money'],
  documentType: ['document_type', 'text'],
} as const satisfies { readonly [Field in keyof CompletionInput]-?: readonly [column: string, carried: Carried] };

export type SaleField = keyof typeof SALE;

/** The sale's fields, in the map's order: a body naming any of them is a finalize. */
export const SALE_FIELDS = Object.keys(SALE) as SaleField[];

/** What a member who sees no money (an assistant) never changes on a card. */
export const COMMISSION_FIELDS: readonly SaleField[] = ['commissionPercentage', 'commissionAmount'];

/** The card's sale as the API answers it (`c` is the card): money and dates as their columns' text. */
export const SALE_COLUMNS = SALE_FIELDS.map((field) => {
  const [column, carried] = SALE[field];
  return `c.${column}${carried === 'money' || carried === 'date' ? '::text' : ''} as "${field}"`;
}).join(', ');

/** The finalize's `set` of the sale (all but `kept`), its values bound in the map's order. */
export function saleSet(
  values: { readonly [Field in SaleField]: string | number | null },
  kept: readonly SaleField[] = [],
): { sql: string; bindings: (string | number | null)[] } {
  const fields = SALE_FIELDS.filter((field) => !kept.includes(field));
  return { sql: fields.map((field) => `${SALE[field][0]} = ?`).join(', '), bindings: fields.map((field) => values[field]) };
}

/** Whether a confirm-issuance body is a finalize (it names a field of the sale) rather than an issue. */
export function isSale(body: unknown): boolean {
  return typeof body === 'object' && body !== null && SALE_FIELDS.some((field) => field in body);
}
