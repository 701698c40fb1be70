import * as v from 'valibot';
import { answer, operation } from '../api/operation';
import { DOCUMENT_CATEGORY_VALUES } from './finance-options';
import type { Claim, CommissionsResponse, DocumentList, FinanceStats, Policy, StoredDocument } from './finance-types';
import { ClaimInputSchema, ClaimQuerySchema, ClaimStatusSchema, CommissionsQuerySchema, DocumentFieldsSchema, PolicyIssueSchema, PolicyPdfFieldsSchema, PolicyQuerySchema } from './finance.schemas';

const POLICY_NOT_FOUND = 'Apólice não encontrada.';
const CLAIM_NOT_FOUND = 'Sinistro não encontrado.';
const DOCUMENT_NOT_FOUND = 'Documento não encontrado.';

/** GET /api/documents?category */
export const DocumentQuerySchema = v.object({ category: v.optional(v.picklist(DOCUMENT_CATEGORY_VALUES, 'Categoria inválida.')) });

export interface ClaimList {
  items: Claim[];
  activeCount: number;
}

/** The finance service: policies, claims, commissions and documents. */
export const FINANCE_OPERATIONS = {
  policies: operation({
    id: 'policies.list', method: 'GET', path: '/api/policies', access: 'signed-in', summary: 'Apólices: filtros de tipo, status e renovação (30/60/90 dias).',
    query: PolicyQuerySchema, answer: answer<Policy[]>(),
  }),
  policy: operation({ id: 'policies.get', method: 'GET', path: '/api/policies/:id', access: 'signed-in', summary: 'Uma apólice.', notFound: POLICY_NOT_FOUND, answer: answer<Policy>() }),
  cancelPolicy: operation({ id: 'policies.cancel', method: 'POST', path: '/api/policies/:id/cancel', access: 'signed-in', summary: 'Cancela uma apólice ativa.', notFound: POLICY_NOT_FOUND, answer: answer<Policy>() }),
  claims: operation({
    id: 'claims.list', method: 'GET', path: '/api/claims', access: 'signed-in', summary: 'Sinistros, com filtro de status e a contagem dos ativos.',
    query: ClaimQuerySchema, answer: answer<ClaimList>(),
  }),
  claim: operation({ id: 'claims.get', method: 'GET', path: '/api/claims/:id', access: 'signed-in', summary: 'Um sinistro.', notFound: CLAIM_NOT_FOUND, answer: answer<Claim>() }),
  createClaim: operation({ id: 'claims.create', method: 'POST', path: '/api/claims', access: 'signed-in', summary: 'Abre um sinistro.', status: 201, body: ClaimInputSchema, answer: answer<Claim>() }),
  updateClaim: operation({
    id: 'claims.update', method: 'PATCH', path: '/api/claims/:id', access: 'signed-in', summary: 'Edita um sinistro não fechado.',
    body: ClaimInputSchema, notFound: CLAIM_NOT_FOUND, answer: answer<Claim>(),
  }),
  changeClaimStatus: operation({
    id: 'claims.changeStatus', method: 'POST', path: '/api/claims/:id/status', access: 'signed-in', summary: 'Um passo do sinistro (aberto, em análise, aprovado/negado, fechado).',
    body: ClaimStatusSchema, notFound: CLAIM_NOT_FOUND, answer: answer<Claim>(),
  }),
  commissions: operation({
    id: 'commissions.report', method: 'GET', path: '/api/commissions', access: 'signed-in', summary: 'Comissões por apólice, por tipo e projetadas.',
    query: CommissionsQuerySchema, answer: answer<CommissionsResponse>(),
  }),
  documents: operation({
    id: 'documents.list', method: 'GET', path: '/api/documents', access: 'signed-in', summary: 'Documentos, contagens por categoria e o espaço usado.',
    query: DocumentQuerySchema, answer: answer<DocumentList>(),
  }),
  uploadDocument: operation({
    id: 'documents.upload', method: 'POST', path: '/api/documents/upload', access: 'signed-in', summary: 'Envia um documento (PDF, DOC, DOCX, XLS ou XLSX até 10 MB).',
    status: 201, upload: { field: 'file', fields: DocumentFieldsSchema }, answer: answer<StoredDocument>(),
  }),
  attachPolicyPdf: operation({
    id: 'documents.attachPolicyPdf', method: 'POST', path: '/api/documents', access: 'signed-in', summary: 'Anexa o PDF da apólice a um card finalizado (até 25 MB).',
    status: 201, upload: { field: 'file', fields: PolicyPdfFieldsSchema }, answer: answer<StoredDocument>(),
  }),
  downloadDocument: operation({
    id: 'documents.download', method: 'GET', path: '/api/documents/:id/download', access: 'signed-in', summary: 'Baixa um documento.',
    notFound: DOCUMENT_NOT_FOUND, produces: 'application/octet-stream',
  }),
  removeDocument: operation({ id: 'documents.remove', method: 'DELETE', path: '/api/documents/:id', access: 'signed-in', summary: 'Exclui um documento e o seu arquivo.', status: 204, notFound: DOCUMENT_NOT_FOUND }),
  issuePolicy: operation({
    id: 'policies.issue', method: 'POST', path: '/internal/finance/:userId/policies', access: 'internal',
    summary: 'Emite (ou completa) a apólice de um card finalizado.', body: PolicyIssueSchema, answer: answer<Policy>(),
  }),
  stats: operation({ id: 'finance.stats', method: 'GET', path: '/internal/finance/:userId/stats', access: 'internal', summary: 'A parte financeira do painel.', answer: answer<FinanceStats>() }),
  clearData: operation({ id: 'finance.clearData', method: 'DELETE', path: '/internal/finance/:userId/data', access: 'internal', summary: 'Limpar Dados: apólices, sinistros, documentos e arquivos.', status: 204 }),
} as const;
