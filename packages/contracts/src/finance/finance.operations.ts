import { phantom, type Operation } from '../api/operation';
import { NOT_FOUND } from '../errors';
import type {
  Claim,
  ClaimList,
  CommissionsResponse,
  DocumentList,
  FinanceStats,
  Policy,
  PolicyBookEntry,
  PolicyInstalment,
  PolicyImportResult,
  StoredDocument,
} from './finance-types';
import type {
  ContactMoveSchema,
  PaymentPlanSchema,
  NetPremiumsSchema,
  PolicyImportSchema,
  PolicyImportUndoSchema,
  ClaimInputSchema,
  ClaimQuerySchema,
  ClaimStatusSchema,
  CommissionsQuerySchema,
  DocumentFieldsSchema,
  DocumentQuerySchema,
  PolicyIssueSchema,
  PolicyPdfFieldsSchema,
  PolicyQuerySchema,
} from './finance.schemas';

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
  answer: phantom as Policy,
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
  body: phantom as typeof PolicyIssueSchema,
  answer: phantom as Policy,
} as const satisfies Operation;
export const policyBook = {
  id: 'finance.policyBook',
  method: 'GET',
  path: '/internal/finance/:userId/policy-book',
  access: 'internal',
  answer: phantom as PolicyBookEntry[],
} as const satisfies Operation;
export const importPolicies = {
  id: 'finance.importPolicies',
  method: 'POST',
  path: '/internal/finance/:userId/policies/import',
  access: 'internal',
  body: phantom as typeof PolicyImportSchema,
  answer: phantom as PolicyImportResult[],
} as const satisfies Operation;
export const undoPolicyImport = {
  id: 'finance.undoPolicyImport',
  method: 'POST',
  path: '/internal/finance/:userId/policies/import-undo',
  access: 'internal',
  body: phantom as typeof PolicyImportUndoSchema,
  answer: phantom as { removed: number; restored: number; kept: number[] },
} as const satisfies Operation;
export const setNetPremiums = {
  id: 'finance.setNetPremiums',
  method: 'POST',
  path: '/internal/finance/:userId/policies/net-premiums',
  access: 'internal',
  body: phantom as typeof NetPremiumsSchema,
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
