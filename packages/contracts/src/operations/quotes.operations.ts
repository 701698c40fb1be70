import { phantom, type Operation } from '../vocabulary/operation';
import { NOT_FOUND } from '../errors';
import type {
  ComparisonCreateSchema,
  ComparisonLink,
  PublicComparison,
  LineCoverages,
  Quote,
  QuoteImportResult,
  QuoteCreateSchema,
  QuoteDisclosureSchema,
  QuoteUpdateSchema,
  QuoteWinSchema,
  QuotesReport,
  QuotesReportQuerySchema,
  SentQuoteDocument,
} from '../finance/quotes.schemas';
import type { QuoteImportFieldsSchema } from '../imports/quote-import.schemas';
import type { DisclosureStatus, QuoteSettings, QuoteSettingsSchema } from '../finance/quote-settings.schemas';
import { MANAGERS, MONEY_ROLES } from '../vocabulary/team-roles';
import type { PipelineCard } from '../pipeline/pipeline-types';

// Quotes: finance's, on a pipeline card's paths (the registry routes those exact paths) and its own /api/quotes and /api/lines.

export const cardQuotes = {
  id: 'quotes.ofCard',
  method: 'GET',
  path: '/api/pipeline-cards/:id/quotes',
  access: 'signed-in',
  notFound: NOT_FOUND.card,
  answer: phantom as Quote[],
} as const satisfies Operation;
export const createCardQuote = {
  id: 'quotes.createForCard',
  method: 'POST',
  path: '/api/pipeline-cards/:id/quotes',
  access: 'signed-in',
  status: 201,
  notFound: NOT_FOUND.card,
  body: phantom as typeof QuoteCreateSchema,
  answer: phantom as Quote,
} as const satisfies Operation;
/** A sheet of quotes, one a row: all made, or none (each row's errors said). */
export const importCardQuotes = {
  id: 'quotes.importForCard',
  method: 'POST',
  path: '/api/pipeline-cards/:id/quotes/import',
  access: 'signed-in',
  status: 201,
  notFound: NOT_FOUND.card,
  upload: { field: 'file', fields: phantom as typeof QuoteImportFieldsSchema },
  answer: phantom as QuoteImportResult,
} as const satisfies Operation;
export const updateQuote = {
  id: 'quotes.update',
  method: 'PATCH',
  path: '/api/quotes/:id',
  access: 'signed-in',
  notFound: NOT_FOUND.quote,
  body: phantom as typeof QuoteUpdateSchema,
  answer: phantom as Quote,
} as const satisfies Operation;
export const removeQuote = {
  id: 'quotes.remove',
  method: 'DELETE',
  path: '/api/quotes/:id',
  access: 'signed-in',
  status: 204,
  notFound: NOT_FOUND.quote,
} as const satisfies Operation;
export const winQuote = {
  id: 'quotes.win',
  method: 'POST',
  path: '/api/quotes/:id/win',
  access: 'signed-in',
  notFound: NOT_FOUND.quote,
  body: phantom as typeof QuoteWinSchema,
  answer: phantom as PipelineCard,
} as const satisfies Operation;
export const sendDisclosure = {
  id: 'quotes.disclosure',
  method: 'POST',
  path: '/api/quotes/:id/disclosure',
  access: 'signed-in',
  roles: MONEY_ROLES,
  status: 201,
  notFound: NOT_FOUND.quote,
  body: phantom as typeof QuoteDisclosureSchema,
  answer: phantom as SentQuoteDocument,
} as const satisfies Operation;
export const quotesReport = {
  id: 'quotes.report',
  method: 'GET',
  path: '/api/quotes/report',
  access: 'signed-in',
  query: phantom as typeof QuotesReportQuerySchema,
  answer: phantom as QuotesReport,
} as const satisfies Operation;
export const quotesReportCsv = {
  id: 'quotes.reportCsv',
  method: 'GET',
  path: '/api/quotes/report.csv',
  access: 'signed-in',
  query: phantom as typeof QuotesReportQuerySchema,
  produces: 'text/csv',
} as const satisfies Operation;
export const createComparison = {
  id: 'quotes.createComparison',
  method: 'POST',
  path: '/api/pipeline-cards/:id/comparison',
  access: 'signed-in',
  status: 201,
  notFound: NOT_FOUND.card,
  body: phantom as typeof ComparisonCreateSchema,
  answer: phantom as ComparisonLink,
} as const satisfies Operation;
export const cardComparisons = {
  id: 'quotes.comparisons',
  method: 'GET',
  path: '/api/pipeline-cards/:id/comparisons',
  access: 'signed-in',
  notFound: NOT_FOUND.card,
  answer: phantom as ComparisonLink[],
} as const satisfies Operation;
export const revokeComparison = {
  id: 'quotes.revokeComparison',
  method: 'DELETE',
  path: '/api/comparisons/:id',
  access: 'signed-in',
  status: 204,
  notFound: NOT_FOUND.comparison,
} as const satisfies Operation;
/** The client's page: no session, the token is the key (30 days, until revoked). */
export const publicComparison = {
  id: 'quotes.publicComparison',
  method: 'GET',
  path: '/api/comparisons/:token',
  access: 'public',
  notFound: NOT_FOUND.comparison,
  answer: phantom as PublicComparison,
} as const satisfies Operation;
export const publicComparisonPdf = {
  id: 'quotes.publicComparisonPdf',
  method: 'GET',
  path: '/api/comparisons/:token/pdf',
  access: 'public',
  notFound: NOT_FOUND.comparison,
  produces: 'application/pdf',
} as const satisfies Operation;
/** The brokerage's logo on the client's page, through the link's token (its current logo; 404 once removed). */
export const publicComparisonLogo = {
  id: 'quotes.publicComparisonLogo',
  method: 'GET',
  path: '/api/comparisons/:token/logo',
  access: 'public',
  notFound: NOT_FOUND.comparison,
  produces: 'image/*',
} as const satisfies Operation;
export const lineCoverages = {
  id: 'quotes.lineCoverages',
  method: 'GET',
  path: '/api/lines/:line/coverages',
  access: 'signed-in',
  notFound: NOT_FOUND.line,
  answer: phantom as LineCoverages,
} as const satisfies Operation;
export const quoteSettings = {
  id: 'quotes.settings',
  method: 'GET',
  path: '/api/quotes/settings',
  access: 'signed-in',
  answer: phantom as QuoteSettings,
} as const satisfies Operation;
export const setQuoteSettings = {
  id: 'quotes.setSettings',
  method: 'PUT',
  path: '/api/quotes/settings',
  access: 'signed-in',
  roles: MANAGERS,
  body: phantom as typeof QuoteSettingsSchema,
  answer: phantom as QuoteSettings,
} as const satisfies Operation;
export const cardDisclosureStatus = {
  id: 'quotes.disclosureStatus',
  method: 'GET',
  path: '/api/pipeline-cards/:id/disclosure-status',
  access: 'signed-in',
  notFound: NOT_FOUND.card,
  answer: phantom as DisclosureStatus,
} as const satisfies Operation;
/** The pipeline asks before a card enters Finalizado: the card is one it already checked for the member. */
export const closingDisclosure = {
  id: 'quotes.closingDisclosure',
  method: 'GET',
  path: '/internal/finance/:userId/cards/:id/disclosure-status',
  access: 'internal',
  answer: phantom as DisclosureStatus,
} as const satisfies Operation;
