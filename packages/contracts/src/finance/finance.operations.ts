import { answer, operation, schema } from '../api/operation';
import type { Claim, ClaimList, CommissionsResponse, DocumentList, FinanceStats, Policy, StoredDocument } from './finance-types';
import type {
  ClaimInputSchema, ClaimQuerySchema, ClaimStatusSchema, CommissionsQuerySchema, DocumentFieldsSchema, DocumentQuerySchema, PolicyIssueSchema, PolicyPdfFieldsSchema, PolicyQuerySchema,
} from './finance.schemas';

const POLICY_NOT_FOUND = 'Apólice não encontrada.';
const CLAIM_NOT_FOUND = 'Sinistro não encontrado.';
const DOCUMENT_NOT_FOUND = 'Documento não encontrado.';

// The finance service: policies, claims, commissions and documents. Each operation is an export of its own (a pure call), so a bundle keeps only those it names.

export const policies = /*#__PURE__*/ operation({
  id: 'policies.list', method: 'GET', path: '/api/policies', access: 'signed-in', summary: 'Apólices: filtros de tipo, status e renovação (30/60/90 dias).',
  query: /*#__PURE__*/ schema<typeof PolicyQuerySchema>(), answer: /*#__PURE__*/ answer<Policy[]>(),
});
export const policy = /*#__PURE__*/ operation({ id: 'policies.get', method: 'GET', path: '/api/policies/:id', access: 'signed-in', summary: 'Uma apólice.', notFound: POLICY_NOT_FOUND, answer: /*#__PURE__*/ answer<Policy>() });
export const cancelPolicy = /*#__PURE__*/ operation({ id: 'policies.cancel', method: 'POST', path: '/api/policies/:id/cancel', access: 'signed-in', summary: 'Cancela uma apólice ativa.', notFound: POLICY_NOT_FOUND, answer: /*#__PURE__*/ answer<Policy>() });
export const claims = /*#__PURE__*/ operation({
  id: 'claims.list', method: 'GET', path: '/api/claims', access: 'signed-in', summary: 'Sinistros, com filtro de status e a contagem dos ativos.',
  query: /*#__PURE__*/ schema<typeof ClaimQuerySchema>(), answer: /*#__PURE__*/ answer<ClaimList>(),
});
export const claim = /*#__PURE__*/ operation({ id: 'claims.get', method: 'GET', path: '/api/claims/:id', access: 'signed-in', summary: 'Um sinistro.', notFound: CLAIM_NOT_FOUND, answer: /*#__PURE__*/ answer<Claim>() });
export const createClaim = /*#__PURE__*/ operation({ id: 'claims.create', method: 'POST', path: '/api/claims', access: 'signed-in', summary: 'Abre um sinistro.', status: 201, body: /*#__PURE__*/ schema<typeof ClaimInputSchema>(), answer: /*#__PURE__*/ answer<Claim>() });
export const updateClaim = /*#__PURE__*/ operation({
  id: 'claims.update', method: 'PATCH', path: '/api/claims/:id', access: 'signed-in', summary: 'Edita um sinistro não fechado.',
  body: /*#__PURE__*/ schema<typeof ClaimInputSchema>(), notFound: CLAIM_NOT_FOUND, answer: /*#__PURE__*/ answer<Claim>(),
});
export const changeClaimStatus = /*#__PURE__*/ operation({
  id: 'claims.changeStatus', method: 'POST', path: '/api/claims/:id/status', access: 'signed-in', summary: 'Um passo do sinistro (aberto, em análise, aprovado/negado, fechado).',
  body: /*#__PURE__*/ schema<typeof ClaimStatusSchema>(), notFound: CLAIM_NOT_FOUND, answer: /*#__PURE__*/ answer<Claim>(),
});
export const commissions = /*#__PURE__*/ operation({
  id: 'commissions.report', method: 'GET', path: '/api/commissions', access: 'signed-in', summary: 'Comissões por apólice, por tipo e projetadas.',
  query: /*#__PURE__*/ schema<typeof CommissionsQuerySchema>(), answer: /*#__PURE__*/ answer<CommissionsResponse>(),
});
export const documents = /*#__PURE__*/ operation({
  id: 'documents.list', method: 'GET', path: '/api/documents', access: 'signed-in', summary: 'Documentos, contagens por categoria e o espaço usado.',
  query: /*#__PURE__*/ schema<typeof DocumentQuerySchema>(), answer: /*#__PURE__*/ answer<DocumentList>(),
});
export const uploadDocument = /*#__PURE__*/ operation({
  id: 'documents.upload', method: 'POST', path: '/api/documents/upload', access: 'signed-in', summary: 'Envia um documento (PDF, DOC, DOCX, XLS ou XLSX até 10 MB).',
  status: 201, upload: { field: 'file', fields: /*#__PURE__*/ schema<typeof DocumentFieldsSchema>() }, answer: /*#__PURE__*/ answer<StoredDocument>(),
});
export const attachPolicyPdf = /*#__PURE__*/ operation({
  id: 'documents.attachPolicyPdf', method: 'POST', path: '/api/documents', access: 'signed-in', summary: 'Anexa o PDF da apólice a um card finalizado (até 25 MB).',
  status: 201, upload: { field: 'file', fields: /*#__PURE__*/ schema<typeof PolicyPdfFieldsSchema>() }, answer: /*#__PURE__*/ answer<StoredDocument>(),
});
export const downloadDocument = /*#__PURE__*/ operation({
  id: 'documents.download', method: 'GET', path: '/api/documents/:id/download', access: 'signed-in', summary: 'Baixa um documento.',
  notFound: DOCUMENT_NOT_FOUND, produces: 'application/octet-stream',
});
export const removeDocument = /*#__PURE__*/ operation({ id: 'documents.remove', method: 'DELETE', path: '/api/documents/:id', access: 'signed-in', summary: 'Exclui um documento e o seu arquivo.', status: 204, notFound: DOCUMENT_NOT_FOUND });
export const issuePolicy = /*#__PURE__*/ operation({
  id: 'policies.issue', method: 'POST', path: '/internal/finance/:userId/policies', access: 'internal',
  summary: 'Emite (ou completa) a apólice de um card finalizado.', body: /*#__PURE__*/ schema<typeof PolicyIssueSchema>(), answer: /*#__PURE__*/ answer<Policy>(),
});
export const stats = /*#__PURE__*/ operation({ id: 'finance.stats', method: 'GET', path: '/internal/finance/:userId/stats', access: 'internal', summary: 'A parte financeira do painel.', answer: /*#__PURE__*/ answer<FinanceStats>() });
export const clearData = /*#__PURE__*/ operation({ id: 'finance.clearData', method: 'DELETE', path: '/internal/finance/:userId/data', access: 'internal', summary: 'Limpar Dados: apólices, sinistros, documentos e arquivos.', status: 204 });
