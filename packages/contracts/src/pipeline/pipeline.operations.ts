import { answer, operation, schema } from '../api/operation';
import type { IssueSchema } from '../finance/finance.schemas';
import type { PipelineStats } from '../types';
import type { Contact, ContactDetail, ContactPage, PipelineCard, PipelineLead } from './pipeline-types';
import type {
  ArchiveSchema, ArchivedQuerySchema, CardMoveSchema, CompletionSchema, ContactCreateSchema, ContactQuerySchema, ContactUpdateSchema, LeadCreateSchema, LeadListQuerySchema,
} from './pipeline.schemas';

const CARD_NOT_FOUND = 'Card não encontrado.';
const CONTACT_NOT_FOUND = 'Contato não encontrado.';

// The pipeline service: the board, its cards and the contacts. Each operation is an export of its own (a pure call), so a bundle keeps only those it names.

export const board = /*#__PURE__*/ operation({ id: 'pipeline.board', method: 'GET', path: '/api/pipeline', access: 'signed-in', summary: 'Os cards do quadro (ativos e emitidos).', answer: /*#__PURE__*/ answer<PipelineCard[]>() });
export const cards = /*#__PURE__*/ operation({
  id: 'pipeline.cards', method: 'GET', path: '/api/pipeline-cards', access: 'signed-in', summary: 'Os cards do quadro, ou os arquivados (archived=true).',
  query: /*#__PURE__*/ schema<typeof ArchivedQuerySchema>(), answer: /*#__PURE__*/ answer<PipelineCard[]>(),
});
export const leads = /*#__PURE__*/ operation({
  id: 'pipeline.leads', method: 'GET', path: '/api/pipeline-leads', access: 'signed-in', summary: 'Os leads mais recentes, resumidos.',
  query: /*#__PURE__*/ schema<typeof LeadListQuerySchema>(), answer: /*#__PURE__*/ answer<PipelineLead[]>(),
});
export const createLead = /*#__PURE__*/ operation({ id: 'pipeline.createLead', method: 'POST', path: '/api/pipeline', access: 'signed-in', summary: 'Criar Lead: o contato e o seu card.', status: 201, body: /*#__PURE__*/ schema<typeof LeadCreateSchema>(), answer: /*#__PURE__*/ answer<PipelineCard>() });
export const move = /*#__PURE__*/ operation({
  id: 'pipeline.move', method: 'PATCH', path: '/api/pipeline/:id', access: 'signed-in', summary: 'Muda o card de estágio.',
  body: /*#__PURE__*/ schema<typeof CardMoveSchema>(), notFound: CARD_NOT_FOUND, answer: /*#__PURE__*/ answer<PipelineCard>(),
});
export const remove = /*#__PURE__*/ operation({ id: 'pipeline.remove', method: 'DELETE', path: '/api/pipeline/:id', access: 'signed-in', summary: 'Exclui um card não emitido.', status: 204, notFound: CARD_NOT_FOUND });
export const archive = /*#__PURE__*/ operation({
  id: 'pipeline.archive', method: 'POST', path: '/api/pipeline-cards/:id/archive', access: 'signed-in', summary: 'Arquiva o card, com um motivo opcional.',
  body: /*#__PURE__*/ schema<typeof ArchiveSchema>(), notFound: CARD_NOT_FOUND, answer: /*#__PURE__*/ answer<PipelineCard>(),
});
export const unarchive = /*#__PURE__*/ operation({ id: 'pipeline.unarchive', method: 'POST', path: '/api/pipeline-cards/:id/unarchive', access: 'signed-in', summary: 'Restaura um card arquivado.', notFound: CARD_NOT_FOUND, answer: /*#__PURE__*/ answer<PipelineCard>() });
export const confirmIssuance = /*#__PURE__*/ operation({
  id: 'pipeline.confirmIssuance', method: 'POST', path: '/api/pipeline-cards/:id/confirm-issuance', access: 'signed-in',
  summary: 'Com os campos da venda, finaliza o card; sem eles (ou só policyNumber), emite a apólice.',
  bodyOneOf: /*#__PURE__*/ schema<readonly [typeof CompletionSchema, typeof IssueSchema]>(), notFound: CARD_NOT_FOUND, answer: /*#__PURE__*/ answer<PipelineCard>(),
});
export const contacts = /*#__PURE__*/ operation({
  id: 'contacts.list', method: 'GET', path: '/api/contacts', access: 'signed-in', summary: 'Contatos: busca, filtro por tipo, páginas.',
  query: /*#__PURE__*/ schema<typeof ContactQuerySchema>(), answer: /*#__PURE__*/ answer<ContactPage>(),
});
export const exportContacts = /*#__PURE__*/ operation({
  id: 'contacts.export', method: 'GET', path: '/api/contacts/export', access: 'signed-in', summary: 'Contatos em CSV (UTF-8 com BOM, separador ;).',
  query: /*#__PURE__*/ schema<typeof ContactQuerySchema>(), produces: 'text/csv',
});
export const contact = /*#__PURE__*/ operation({ id: 'contacts.get', method: 'GET', path: '/api/contacts/:id', access: 'signed-in', summary: 'Um contato, com as suas notas.', notFound: CONTACT_NOT_FOUND, answer: /*#__PURE__*/ answer<ContactDetail>() });
export const createContact = /*#__PURE__*/ operation({ id: 'contacts.create', method: 'POST', path: '/api/contacts', access: 'signed-in', summary: 'Cria um contato.', status: 201, body: /*#__PURE__*/ schema<typeof ContactCreateSchema>(), answer: /*#__PURE__*/ answer<Contact>() });
export const updateContact = /*#__PURE__*/ operation({
  id: 'contacts.update', method: 'PATCH', path: '/api/contacts/:id', access: 'signed-in', summary: 'Edita um contato e acrescenta notas.',
  body: /*#__PURE__*/ schema<typeof ContactUpdateSchema>(), notFound: CONTACT_NOT_FOUND, answer: /*#__PURE__*/ answer<Contact>(),
});
export const stats = /*#__PURE__*/ operation({ id: 'pipeline.stats', method: 'GET', path: '/internal/pipeline/:userId/stats', access: 'internal', summary: 'A parte do pipeline no painel.', answer: /*#__PURE__*/ answer<PipelineStats>() });
export const contactRef = /*#__PURE__*/ operation({
  id: 'pipeline.contactRef', method: 'GET', path: '/internal/pipeline/:userId/contacts/:id', access: 'internal',
  summary: 'Se um contato é da corretora, e o seu nome.', answer: /*#__PURE__*/ answer<{ id: number; name: string }>(),
});
export const cardRef = /*#__PURE__*/ operation({
  id: 'pipeline.cardRef', method: 'GET', path: '/internal/pipeline/:userId/cards/:id', access: 'internal',
  summary: 'Se um card é da corretora, e o seu contato.', answer: /*#__PURE__*/ answer<{ id: number; contactId: number }>(),
});
export const clearData = /*#__PURE__*/ operation({ id: 'pipeline.clearData', method: 'DELETE', path: '/internal/pipeline/:userId/data', access: 'internal', summary: 'Limpar Dados: contatos, cards e notas.', status: 204 });
