import { phantom, type Operation } from '../vocabulary/operation';
import { NOT_FOUND } from '../errors';
import type { WhatsappAutomationResult } from '../whatsapp/whatsapp-types';
import type { ImportSummary } from '../imports/imports-types';
import type { FinanceSearchResults, SearchQuerySchema } from '../relationship/search';
import type { ContactFinanceFicha, ContactFinanceOverview, ContactPolicySummary } from '../relationship/relationship-types';
import type { ContactFichaQuerySchema } from '../relationship/tasks.schemas';
import type { LineMatchSchema, LineUnmatchSchema, ReceivableSettingsSchema, ReceivablesQuerySchema } from '../finance/receivables.schemas';
import type {
  Claim,
  ReceivableSettings,
  Receivables,
  StatementLine,
  ClaimList,
  CommissionsResponse,
  DocumentList,
  FinanceStats,
  PolicyInstalment,
  StoredDocument,
} from '../finance/finance-types';
import type {
  ContactMoveSchema,
  PaymentPlanSchema,
  InstalmentPaymentLinkSchema,
  PolicyLinesSchema,
  ClaimInputSchema,
  ClaimQuerySchema,
  ClaimStatusSchema,
  CommissionsQuerySchema,
  DocumentFieldsSchema,
  DocumentQuerySchema,
  DocumentFileQuerySchema,
  PolicyPdfFieldsSchema,
  PolicyQuerySchema,
} from '../finance/finance.schemas';
import type { Policy, PolicyIssueBodySchema, PolicyNumbersSchema } from '../finance/policy.schemas';
import { MANAGERS, MONEY_ROLES } from '../vocabulary/team-roles';
import type { PolicyDetail } from '../finance/repasse-types';

// The lists a large book reads a page at a time (beside the whole lists, kept for their clients).
export * from './finance-pages.operations';

// The finance service: policies, claims, commissions and documents. Each operation is a plain object of its own, so a bundle keeps only those it names.

export const policies = {
  id: 'policies.list',
  method: 'GET',
  path: '/api/policies',
  access: 'signed-in',
  query: phantom as typeof PolicyQuerySchema,
  answer: phantom as Policy[],
} as const satisfies Operation;
export const policy = {
  id: 'policies.get',
  method: 'GET',
  path: '/api/policies/:id',
  access: 'signed-in',
  notFound: NOT_FOUND.policy,
  answer: phantom as PolicyDetail,
} as const satisfies Operation;
export const updatePolicy = {
  id: 'policies.update',
  method: 'PATCH',
  path: '/api/policies/:id',
  access: 'signed-in',
  notFound: NOT_FOUND.policy,
  body: phantom as typeof PolicyNumbersSchema,
  answer: phantom as PolicyDetail,
} as const satisfies Operation;
export const policyInstalments = {
  id: 'policies.instalments',
  method: 'GET',
  path: '/api/policies/:id/instalments',
  access: 'signed-in',
  notFound: NOT_FOUND.policy,
  answer: phantom as PolicyInstalment[],
} as const satisfies Operation;
export const setPaymentPlan = {
  id: 'policies.paymentPlan',
  method: 'PUT',
  path: '/api/policies/:id/payment-plan',
  access: 'signed-in',
  notFound: NOT_FOUND.policy,
  body: phantom as typeof PaymentPlanSchema,
  answer: phantom as PolicyInstalment[],
} as const satisfies Operation;
export const setInstalmentPaymentLink = {
  id: 'policies.instalmentPaymentLink',
  method: 'PUT',
  path: '/api/policies/:id/instalments/:number/payment-link',
  access: 'signed-in',
  notFound: NOT_FOUND.instalment,
  body: phantom as typeof InstalmentPaymentLinkSchema,
  answer: phantom as PolicyInstalment[],
} as const satisfies Operation;
/**
 * An overdue instalment's reminder to the client by WhatsApp (#62): through the brokerage's number
 * when it is connected (the Meta template linked to "Parcela em atraso" outside the 24 hours), else
 * the wa.me link to open; on the client's timeline either way.
 */
export const instalmentWhatsapp = {
  id: 'policies.instalmentWhatsapp',
  method: 'POST',
  path: '/api/policies/:id/instalments/:number/whatsapp',
  access: 'signed-in',
  status: 201,
  notFound: NOT_FOUND.instalment,
  answer: phantom as WhatsappAutomationResult,
} as const satisfies Operation;
export const cancelPolicy = {
  id: 'policies.cancel',
  method: 'POST',
  path: '/api/policies/:id/cancel',
  access: 'signed-in',
  notFound: NOT_FOUND.policy,
  answer: phantom as Policy,
} as const satisfies Operation;
export const claims = {
  id: 'claims.list',
  method: 'GET',
  path: '/api/claims',
  access: 'signed-in',
  query: phantom as typeof ClaimQuerySchema,
  answer: phantom as ClaimList,
} as const satisfies Operation;
export const claim = {
  id: 'claims.get',
  method: 'GET',
  path: '/api/claims/:id',
  access: 'signed-in',
  notFound: NOT_FOUND.claim,
  answer: phantom as Claim,
} as const satisfies Operation;
export const createClaim = {
  id: 'claims.create',
  method: 'POST',
  path: '/api/claims',
  access: 'signed-in',
  status: 201,
  body: phantom as typeof ClaimInputSchema,
  answer: phantom as Claim,
} as const satisfies Operation;
export const updateClaim = {
  id: 'claims.update',
  method: 'PATCH',
  path: '/api/claims/:id',
  access: 'signed-in',
  body: phantom as typeof ClaimInputSchema,
  notFound: NOT_FOUND.claim,
  answer: phantom as Claim,
} as const satisfies Operation;
export const changeClaimStatus = {
  id: 'claims.changeStatus',
  method: 'POST',
  path: '/api/claims/:id/status',
  access: 'signed-in',
  body: phantom as typeof ClaimStatusSchema,
  notFound: NOT_FOUND.claim,
  answer: phantom as Claim,
} as const satisfies Operation;
export const commissions = {
  id: 'commissions.report',
  method: 'GET',
  path: '/api/commissions',
  access: 'signed-in',
  roles: MONEY_ROLES,
  query: phantom as typeof CommissionsQuerySchema,
  answer: phantom as CommissionsResponse,
} as const satisfies Operation;
export const documents = {
  id: 'documents.list',
  method: 'GET',
  path: '/api/documents',
  access: 'signed-in',
  query: phantom as typeof DocumentQuerySchema,
  answer: phantom as DocumentList,
} as const satisfies Operation;
export const uploadDocument = {
  id: 'documents.upload',
  method: 'POST',
  path: '/api/documents/upload',
  access: 'signed-in',
  status: 201,
  upload: { field: 'file', fields: phantom as typeof DocumentFieldsSchema },
  answer: phantom as StoredDocument,
} as const satisfies Operation;
export const attachPolicyPdf = {
  id: 'documents.attachPolicyPdf',
  method: 'POST',
  path: '/api/documents',
  access: 'signed-in',
  status: 201,
  upload: { field: 'file', fields: phantom as typeof PolicyPdfFieldsSchema },
  answer: phantom as StoredDocument,
} as const satisfies Operation;
export const downloadDocument = {
  id: 'documents.download',
  method: 'GET',
  path: '/api/documents/:id/download',
  access: 'signed-in',
  notFound: NOT_FOUND.document,
  produces: 'application/octet-stream',
} as const satisfies Operation;
export const removeDocument = {
  id: 'documents.remove',
  method: 'DELETE',
  path: '/api/documents/:id',
  access: 'signed-in',
  status: 204,
  notFound: NOT_FOUND.document,
} as const satisfies Operation;
export const issuePolicy = {
  id: 'policies.issue',
  method: 'POST',
  path: '/internal/finance/:userId/policies',
  access: 'internal',
  body: phantom as typeof PolicyIssueBodySchema,
  answer: phantom as Policy,
} as const satisfies Operation;
/** The contacts holding at least one policy: an undo of a contacts import never removes them. */
export const policyHolders = {
  id: 'finance.policyHolders',
  method: 'GET',
  path: '/internal/finance/:userId/policy-holders',
  access: 'internal',
  answer: phantom as number[],
} as const satisfies Operation;
/** The broker's policies imports (finance runs them): the pipeline's /api/imports lists them beside its contacts imports. */
export const policyImports = {
  id: 'finance.policyImports',
  method: 'GET',
  path: '/internal/finance/:userId/imports',
  access: 'internal',
  answer: phantom as ImportSummary[],
} as const satisfies Operation;
export const setPolicyLines = {
  id: 'finance.setPolicyLines',
  method: 'POST',
  path: '/internal/finance/:userId/policies/lines',
  access: 'internal',
  body: phantom as typeof PolicyLinesSchema,
  answer: phantom as { updated: number },
} as const satisfies Operation;
export const moveContact = {
  id: 'finance.moveContact',
  method: 'POST',
  path: '/internal/finance/:userId/contacts/:id/move',
  access: 'internal',
  notFound: NOT_FOUND.contact,
  body: phantom as typeof ContactMoveSchema,
  answer: phantom as { policies: number; claims: number; documents: number },
} as const satisfies Operation;
export const stats = {
  id: 'finance.stats',
  method: 'GET',
  path: '/internal/finance/:userId/stats',
  access: 'internal',
  answer: phantom as FinanceStats,
} as const satisfies Operation;
export const clearData = {
  id: 'finance.clearData',
  method: 'DELETE',
  path: '/internal/finance/:userId/data',
  access: 'internal',
  status: 204,
} as const satisfies Operation;
export const policiesCsv = {
  id: 'policies.csv',
  method: 'GET',
  path: '/api/policies.csv',
  access: 'signed-in',
  query: phantom as typeof PolicyQuerySchema,
  produces: 'text/csv',
} as const satisfies Operation;
export const commissionsCsv = {
  id: 'commissions.csv',
  method: 'GET',
  path: '/api/commissions.csv',
  access: 'signed-in',
  roles: MONEY_ROLES,
  query: phantom as typeof CommissionsQuerySchema,
  produces: 'text/csv',
} as const satisfies Operation;
export const receivables = {
  id: 'receivables.get',
  method: 'GET',
  path: '/api/receivables',
  access: 'signed-in',
  roles: MONEY_ROLES,
  query: phantom as typeof ReceivablesQuerySchema,
  answer: phantom as Receivables,
} as const satisfies Operation;
export const receivablesCsv = {
  id: 'receivables.csv',
  method: 'GET',
  path: '/api/receivables.csv',
  access: 'signed-in',
  roles: MONEY_ROLES,
  query: phantom as typeof ReceivablesQuerySchema,
  produces: 'text/csv',
} as const satisfies Operation;
export const receivableSettings = {
  id: 'receivables.settings',
  method: 'GET',
  path: '/api/receivables/settings',
  access: 'signed-in',
  roles: MONEY_ROLES,
  answer: phantom as ReceivableSettings,
} as const satisfies Operation;
export const setReceivableSettings = {
  id: 'receivables.setSettings',
  method: 'PUT',
  path: '/api/receivables/settings',
  access: 'signed-in',
  roles: MANAGERS,
  body: phantom as typeof ReceivableSettingsSchema,
  answer: phantom as ReceivableSettings,
} as const satisfies Operation;
export const matchStatementLine = {
  id: 'statementLines.match',
  method: 'PUT',
  path: '/api/statement-lines/:id/match',
  access: 'signed-in',
  roles: MANAGERS,
  notFound: NOT_FOUND.statementLine,
  body: phantom as typeof LineMatchSchema,
  answer: phantom as StatementLine,
} as const satisfies Operation;
export const unmatchStatementLine = {
  id: 'statementLines.unmatch',
  method: 'POST',
  path: '/api/statement-lines/:id/unmatch',
  access: 'signed-in',
  roles: MANAGERS,
  notFound: NOT_FOUND.statementLine,
  body: phantom as typeof LineUnmatchSchema,
  answer: phantom as StatementLine,
} as const satisfies Operation;
export const contactPolicies = {
  id: 'finance.contactPolicies',
  method: 'GET',
  path: '/internal/finance/:userId/contacts/:id/policies',
  access: 'internal',
  answer: phantom as ContactPolicySummary[],
} as const satisfies Operation;
export const contactOverview = {
  id: 'finance.contactOverview',
  method: 'GET',
  path: '/internal/finance/:userId/contacts/:id/overview',
  access: 'internal',
  answer: phantom as ContactFinanceOverview,
} as const satisfies Operation;
/** The ficha's one call: the overview and the client's finance tasks by `until` (contactOverview stays for a pipeline of the release before). */
export const contactFicha = {
  id: 'finance.contactFicha',
  method: 'GET',
  path: '/internal/finance/:userId/contacts/:id/ficha',
  access: 'internal',
  query: phantom as typeof ContactFichaQuerySchema,
  answer: phantom as ContactFinanceFicha,
} as const satisfies Operation;
export const documentFile = {
  id: 'finance.documentFile',
  method: 'GET',
  path: '/internal/finance/:userId/documents/:id/file',
  access: 'internal',
  notFound: NOT_FOUND.document,
  query: phantom as typeof DocumentFileQuerySchema,
  produces: 'application/octet-stream',
} as const satisfies Operation;
export const search = {
  id: 'finance.search',
  method: 'GET',
  path: '/internal/finance/:userId/search',
  access: 'internal',
  query: phantom as typeof SearchQuerySchema,
  answer: phantom as FinanceSearchResults,
} as const satisfies Operation;

// Renovações, and the renewals and policies-awaiting-a-number that are tasks, under their own file.
export * from './renewals.operations';
// Repasse: commission rules, the month's ledger, closing.
export * from './repasse.operations';
export * from './production.operations';
// Quotes on a deal, and the lines' coverages.
export * from './quotes.operations';
