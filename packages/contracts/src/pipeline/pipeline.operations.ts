import * as v from 'valibot';
import { answer, operation } from '../api/operation';
import type { PipelineStats } from '../types';
import type { Contact, ContactNote, ContactPage, PipelineCard, PipelineLead } from './pipeline-types';
import { IssueSchema } from '../finance/finance.schemas';
import { ArchiveSchema, CardMoveSchema, CompletionSchema, ContactCreateSchema, ContactQuerySchema, ContactUpdateSchema, LeadCreateSchema } from './pipeline.schemas';

const CARD_NOT_FOUND = 'Card não encontrado.';
const CONTACT_NOT_FOUND = 'Contato não encontrado.';

/** GET /api/pipeline-cards?archived */
export const ArchivedQuerySchema = v.object({
  archived: v.optional(v.picklist(['true', 'false'], 'Parâmetro archived deve ser true ou false.'), 'false'),
});

/** GET /api/pipeline-leads?limit: 1..500, default 50. */
const LIMIT_MESSAGE = 'Parâmetro limit deve estar entre 1 e 500.';
export const LeadListQuerySchema = v.object({
  limit: v.optional(v.pipe(v.string(LIMIT_MESSAGE), v.regex(/^\d{1,3}$/, LIMIT_MESSAGE), v.transform(Number), v.minValue(1, LIMIT_MESSAGE), v.maxValue(500, LIMIT_MESSAGE)), '50'),
});

export type ContactDetail = Contact & { notes: ContactNote[] };

/** The pipeline service: the board, its cards and the contacts. */
export const PIPELINE_OPERATIONS = {
  board: operation({ id: 'pipeline.board', method: 'GET', path: '/api/pipeline', access: 'signed-in', summary: 'Os cards do quadro (ativos e emitidos).', answer: answer<PipelineCard[]>() }),
  cards: operation({
    id: 'pipeline.cards', method: 'GET', path: '/api/pipeline-cards', access: 'signed-in', summary: 'Os cards do quadro, ou os arquivados (archived=true).',
    query: ArchivedQuerySchema, answer: answer<PipelineCard[]>(),
  }),
  leads: operation({
    id: 'pipeline.leads', method: 'GET', path: '/api/pipeline-leads', access: 'signed-in', summary: 'Os leads mais recentes, resumidos.',
    query: LeadListQuerySchema, answer: answer<PipelineLead[]>(),
  }),
  createLead: operation({ id: 'pipeline.createLead', method: 'POST', path: '/api/pipeline', access: 'signed-in', summary: 'Criar Lead: o contato e o seu card.', status: 201, body: LeadCreateSchema, answer: answer<PipelineCard>() }),
  move: operation({
    id: 'pipeline.move', method: 'PATCH', path: '/api/pipeline/:id', access: 'signed-in', summary: 'Muda o card de estágio.',
    body: CardMoveSchema, notFound: CARD_NOT_FOUND, answer: answer<PipelineCard>(),
  }),
  remove: operation({ id: 'pipeline.remove', method: 'DELETE', path: '/api/pipeline/:id', access: 'signed-in', summary: 'Exclui um card não emitido.', status: 204, notFound: CARD_NOT_FOUND }),
  archive: operation({
    id: 'pipeline.archive', method: 'POST', path: '/api/pipeline-cards/:id/archive', access: 'signed-in', summary: 'Arquiva o card, com um motivo opcional.',
    body: ArchiveSchema, notFound: CARD_NOT_FOUND, answer: answer<PipelineCard>(),
  }),
  unarchive: operation({ id: 'pipeline.unarchive', method: 'POST', path: '/api/pipeline-cards/:id/unarchive', access: 'signed-in', summary: 'Restaura um card arquivado.', notFound: CARD_NOT_FOUND, answer: answer<PipelineCard>() }),
  confirmIssuance: operation({
    id: 'pipeline.confirmIssuance', method: 'POST', path: '/api/pipeline-cards/:id/confirm-issuance', access: 'signed-in',
    summary: 'Com os campos da venda, finaliza o card; sem eles (ou só policyNumber), emite a apólice.',
    bodyOneOf: [CompletionSchema, IssueSchema], notFound: CARD_NOT_FOUND, answer: answer<PipelineCard>(),
  }),
  contacts: operation({
    id: 'contacts.list', method: 'GET', path: '/api/contacts', access: 'signed-in', summary: 'Contatos: busca, filtro por tipo, páginas.',
    query: ContactQuerySchema, answer: answer<ContactPage>(),
  }),
  exportContacts: operation({
    id: 'contacts.export', method: 'GET', path: '/api/contacts/export', access: 'signed-in', summary: 'Contatos em CSV (UTF-8 com BOM, separador ;).',
    query: ContactQuerySchema, produces: 'text/csv',
  }),
  contact: operation({ id: 'contacts.get', method: 'GET', path: '/api/contacts/:id', access: 'signed-in', summary: 'Um contato, com as suas notas.', notFound: CONTACT_NOT_FOUND, answer: answer<ContactDetail>() }),
  createContact: operation({ id: 'contacts.create', method: 'POST', path: '/api/contacts', access: 'signed-in', summary: 'Cria um contato.', status: 201, body: ContactCreateSchema, answer: answer<Contact>() }),
  updateContact: operation({
    id: 'contacts.update', method: 'PATCH', path: '/api/contacts/:id', access: 'signed-in', summary: 'Edita um contato e acrescenta notas.',
    body: ContactUpdateSchema, notFound: CONTACT_NOT_FOUND, answer: answer<Contact>(),
  }),
  stats: operation({ id: 'pipeline.stats', method: 'GET', path: '/internal/pipeline/:userId/stats', access: 'internal', summary: 'A parte do pipeline no painel.', answer: answer<PipelineStats>() }),
  contactRef: operation({
    id: 'pipeline.contactRef', method: 'GET', path: '/internal/pipeline/:userId/contacts/:id', access: 'internal',
    summary: 'Se um contato é da corretora, e o seu nome.', answer: answer<{ id: number; name: string }>(),
  }),
  cardRef: operation({
    id: 'pipeline.cardRef', method: 'GET', path: '/internal/pipeline/:userId/cards/:id', access: 'internal',
    summary: 'Se um card é da corretora, e o seu contato.', answer: answer<{ id: number; contactId: number }>(),
  }),
  clearData: operation({ id: 'pipeline.clearData', method: 'DELETE', path: '/internal/pipeline/:userId/data', access: 'internal', summary: 'Limpar Dados: contatos, cards e notas.', status: 204 }),
} as const;
