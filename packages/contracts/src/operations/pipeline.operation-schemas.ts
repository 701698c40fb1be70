// The server half of the pipeline operations, by the same names: each one's summary (the reference) and its runtime
// schemas (the services' route()). Never imported by a front end, so no page carries what it does not use.
import { IssueSchema } from '../finance/policy.schemas';
import { NextActionSchema } from '../finance/renewals.schemas';
import { ImportClientsPlaceSchema, ImportClientsUndoSchema } from '../imports/import-clients.schemas';
import { ClientClaimSchema, ContactsByDocumentSchema } from '../pipeline/contact-lookup.schemas';
import { ContactsReassignSchema } from '../pipeline/reassign.schemas';
import { PipelineProductionQuerySchema } from '../finance/production.schemas';
import { ContactCreateSchema, ContactUpdateSchema, LeadCreateSchema } from '../pipeline/pipeline.schemas';
import {
  ArchiveSchema,
  ArchivedQuerySchema,
  CardFinalizeFromQuoteSchema,
  CardInsuredItemSchema,
  CardMoveSchema,
  CompletionSchema,
  ContactQuerySchema,
  LeadListQuerySchema,
} from '../pipeline/card.schemas';

export const cards = { summary: 'Os cards do quadro, ou os arquivados (archived=true).', query: ArchivedQuerySchema };
export const leads = { summary: 'Os leads mais recentes, resumidos.', query: LeadListQuerySchema };
export const createLead = { summary: 'Criar Lead: o contato e o seu card.', body: LeadCreateSchema };
export const move = { summary: 'Muda o card de estágio.', body: CardMoveSchema };
export const archive = { summary: 'Arquiva o card, com um motivo opcional.', body: ArchiveSchema };
export const cardNextAction = {
  summary: 'A próxima ação do card (quando, o quê, observação); dueAt null a remove.',
  body: NextActionSchema,
};
export const cardInsuredItem = {
  summary: 'O item segurado do negócio (veículo, imóvel ou pessoas); null o remove.',
  body: CardInsuredItemSchema,
};
export const confirmIssuance = {
  summary: 'Com os campos da venda, finaliza o card; sem eles (ou só policyNumber), emite a apólice.',
  bodyOneOf: [CompletionSchema, IssueSchema] as const,
};
export const contacts = { summary: 'Contatos: busca, filtro por tipo, páginas.', query: ContactQuerySchema };
export const exportContacts = { summary: 'Contatos em CSV (UTF-8 com BOM, separador ;).', query: ContactQuerySchema };
export const createContact = { summary: 'Cria um contato.', body: ContactCreateSchema };
export const reassignContacts = {
  summary: 'Dá vários clientes a outro membro de uma vez (cada um inteiro: negócios, tarefas abertas, apólices). Proprietários e gestores.',
  body: ContactsReassignSchema,
};
export const claimClient = {
  summary:
    'Pede ao proprietário da corretora o cliente de outro membro (pelo CPF/CNPJ): uma tarefa para o proprietário; nada do cliente é respondido.',
  body: ClientClaimSchema,
};
export const updateContact = { summary: 'Edita um contato e acrescenta notas.', body: ContactUpdateSchema };
export const board = { summary: 'Os cards do quadro (ativos e emitidos).' };
export const remove = { summary: 'Exclui um card não emitido.' };
export const unarchive = { summary: 'Restaura um card arquivado.' };
export const contact = { summary: 'Um contato, com as suas notas.' };
export const stats = { summary: 'A parte do pipeline no painel.' };
export const contactRef = { summary: 'Se um contato é da corretora, e o seu nome.' };
export const finalizeFromQuote = {
  summary: 'Finaliza o card com os valores de uma cotação (Fechar com esta cotação).',
  body: CardFinalizeFromQuoteSchema,
};
export const cardRef = { summary: 'Se um card é da corretora, e o seu contato.' };
export const contactsByDocument = {
  summary: 'Os contatos da corretora com estes CPFs/CNPJs (uma linha de extrato sem apólice conhecida).',
  body: ContactsByDocumentSchema,
};
export const importClients = { summary: 'Os contatos da corretora como uma importação de apólices encontra os clientes.' };
export const placeImportClients = {
  summary: 'Um lote de uma importação de apólices: os clientes que ela cria e os prospectos que viram clientes.',
  body: ImportClientsPlaceSchema,
};
export const undoImportClients = {
  summary: 'Desfazer uma importação de apólices, nos clientes: remove os que ela criou, devolve prospectos.',
  body: ImportClientsUndoSchema,
};
export const clearData = { summary: 'Limpar Dados: contatos, cards e notas.' };
export const pipelineProduction = {
  summary: 'Os leads de cada membro por mês e quantos viraram apólice, e o trabalho atrasado de cada um (Equipe › Produção).',
  query: PipelineProductionQuerySchema,
};
