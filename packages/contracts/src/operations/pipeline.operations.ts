import { phantom, type Operation } from '../vocabulary/operation';
import { NOT_FOUND } from '../errors';
import type { IssueSchema } from '../finance/policy.schemas';
import type { NextActionSchema } from '../finance/renewals.schemas';
import type { PipelineStats } from '../types';
import type { ClientClaimSchema, ContactsByDocumentSchema } from '../pipeline/contact-lookup.schemas';
import type { ContactsReassignSchema } from '../pipeline/reassign.schemas';
import { MANAGERS } from '../vocabulary/team-roles';
import type { PipelineProduction, PipelineProductionQuerySchema } from '../finance/production.schemas';
import type { ImportClient, ImportClientsPlaceSchema, ImportClientsUndoSchema } from '../imports/import-clients.schemas';
import type { CardRef, ContactDetail, ContactRef, ContactPage, PipelineCard, PipelineLead } from '../pipeline/pipeline-types';
import type { Contact } from '../vocabulary/contact';
import type { ContactCreateSchema, ContactUpdateSchema, LeadCreateSchema } from '../pipeline/pipeline.schemas';
import type {
  ArchiveSchema,
  ArchivedQuerySchema,
  CardFinalizeFromQuoteSchema,
  CardInsuredItemSchema,
  CardMoveSchema,
  CompletionSchema,
  ContactQuerySchema,
  LeadListQuerySchema,
} from '../pipeline/card.schemas';

// The pipeline service: the board, its cards and the contacts. Each operation is a plain object of its own, so a bundle keeps only those it names.

export const board = {
  id: 'pipeline.board',
  method: 'GET',
  path: '/api/pipeline',
  access: 'signed-in',
  answer: phantom as PipelineCard[],
} as const satisfies Operation;
export const cards = {
  id: 'pipeline.cards',
  method: 'GET',
  path: '/api/pipeline-cards',
  access: 'signed-in',
  query: phantom as typeof ArchivedQuerySchema,
  answer: phantom as PipelineCard[],
} as const satisfies Operation;
export const leads = {
  id: 'pipeline.leads',
  method: 'GET',
  path: '/api/pipeline-leads',
  access: 'signed-in',
  query: phantom as typeof LeadListQuerySchema,
  answer: phantom as PipelineLead[],
} as const satisfies Operation;
export const createLead = {
  id: 'pipeline.createLead',
  method: 'POST',
  path: '/api/pipeline',
  access: 'signed-in',
  status: 201,
  body: phantom as typeof LeadCreateSchema,
  answer: phantom as PipelineCard,
} as const satisfies Operation;
export const move = {
  id: 'pipeline.move',
  method: 'PATCH',
  path: '/api/pipeline/:id',
  access: 'signed-in',
  body: phantom as typeof CardMoveSchema,
  notFound: NOT_FOUND.card,
  answer: phantom as PipelineCard,
} as const satisfies Operation;
export const remove = {
  id: 'pipeline.remove',
  method: 'DELETE',
  path: '/api/pipeline/:id',
  access: 'signed-in',
  status: 204,
  notFound: NOT_FOUND.card,
} as const satisfies Operation;
export const archive = {
  id: 'pipeline.archive',
  method: 'POST',
  path: '/api/pipeline-cards/:id/archive',
  access: 'signed-in',
  body: phantom as typeof ArchiveSchema,
  notFound: NOT_FOUND.card,
  answer: phantom as PipelineCard,
} as const satisfies Operation;
export const unarchive = {
  id: 'pipeline.unarchive',
  method: 'POST',
  path: '/api/pipeline-cards/:id/unarchive',
  access: 'signed-in',
  notFound: NOT_FOUND.card,
  answer: phantom as PipelineCard,
} as const satisfies Operation;
export const cardNextAction = {
  id: 'pipeline.nextAction',
  method: 'PUT',
  path: '/api/pipeline-cards/:id/next-action',
  access: 'signed-in',
  notFound: NOT_FOUND.card,
  body: phantom as typeof NextActionSchema,
  answer: phantom as PipelineCard,
} as const satisfies Operation;
export const cardInsuredItem = {
  id: 'pipeline.insuredItem',
  method: 'PUT',
  path: '/api/pipeline-cards/:id/insured-item',
  access: 'signed-in',
  notFound: NOT_FOUND.card,
  body: phantom as typeof CardInsuredItemSchema,
  answer: phantom as PipelineCard,
} as const satisfies Operation;
export const confirmIssuance = {
  id: 'pipeline.confirmIssuance',
  method: 'POST',
  path: '/api/pipeline-cards/:id/confirm-issuance',
  access: 'signed-in',
  bodyOneOf: phantom as readonly [typeof CompletionSchema, typeof IssueSchema],
  notFound: NOT_FOUND.card,
  answer: phantom as PipelineCard,
} as const satisfies Operation;
export const contacts = {
  id: 'contacts.list',
  method: 'GET',
  path: '/api/contacts',
  access: 'signed-in',
  query: phantom as typeof ContactQuerySchema,
  answer: phantom as ContactPage,
} as const satisfies Operation;
export const exportContacts = {
  id: 'contacts.export',
  method: 'GET',
  path: '/api/contacts/export',
  access: 'signed-in',
  query: phantom as typeof ContactQuerySchema,
  produces: 'text/csv',
} as const satisfies Operation;
export const contact = {
  id: 'contacts.get',
  method: 'GET',
  path: '/api/contacts/:id',
  access: 'signed-in',
  notFound: NOT_FOUND.contact,
  answer: phantom as ContactDetail,
} as const satisfies Operation;
export const createContact = {
  id: 'contacts.create',
  method: 'POST',
  path: '/api/contacts',
  access: 'signed-in',
  status: 201,
  body: phantom as typeof ContactCreateSchema,
  answer: phantom as Contact,
} as const satisfies Operation;
/** A producer asks for a colleague's client: a task for the brokerage's owner; the client is never shown. */
export const claimClient = {
  id: 'contacts.claim',
  method: 'POST',
  path: '/api/contacts/claims',
  access: 'signed-in',
  status: 201,
  body: phantom as typeof ClientClaimSchema,
  answer: phantom as { message: string },
} as const satisfies Operation;
/** Clients chosen in Contatos given to another member at once, each whole; owners and admins. */
export const reassignContacts = {
  id: 'contacts.reassign',
  method: 'POST',
  path: '/api/contacts/reassign',
  access: 'signed-in',
  roles: MANAGERS,
  body: phantom as typeof ContactsReassignSchema,
  answer: phantom as { moved: number },
} as const satisfies Operation;
export const updateContact = {
  id: 'contacts.update',
  method: 'PATCH',
  path: '/api/contacts/:id',
  access: 'signed-in',
  body: phantom as typeof ContactUpdateSchema,
  notFound: NOT_FOUND.contact,
  answer: phantom as Contact,
} as const satisfies Operation;
export const stats = {
  id: 'pipeline.stats',
  method: 'GET',
  path: '/internal/pipeline/:userId/stats',
  access: 'internal',
  answer: phantom as PipelineStats,
} as const satisfies Operation;
export const contactRef = {
  id: 'pipeline.contactRef',
  method: 'GET',
  path: '/internal/pipeline/:userId/contacts/:id',
  access: 'internal',
  /** blocked: kept only for the retention duty after an erasure (LGPD): nothing new is given to it. */
  answer: phantom as ContactRef,
} as const satisfies Operation;
export const cardRef = {
  id: 'pipeline.cardRef',
  method: 'GET',
  path: '/internal/pipeline/:userId/cards/:id',
  access: 'internal',
  answer: phantom as CardRef,
} as const satisfies Operation;
/** "Fechar com esta cotação": finance finalizes the card with the quote's figures (the acting member's scope applies). */
export const finalizeFromQuote = {
  id: 'pipeline.finalizeFromQuote',
  method: 'POST',
  path: '/internal/pipeline/:userId/cards/:id/finalize',
  access: 'internal',
  notFound: NOT_FOUND.card,
  body: phantom as typeof CardFinalizeFromQuoteSchema,
  answer: phantom as PipelineCard,
} as const satisfies Operation;
export const contactsByDocument = {
  id: 'pipeline.contactsByDocument',
  method: 'POST',
  path: '/internal/pipeline/:userId/contacts/by-document',
  access: 'internal',
  body: phantom as typeof ContactsByDocumentSchema,
  /** Each document held, with its contacts' ids (at most 20). */
  answer: phantom as { document: string; contactIds: number[] }[],
} as const satisfies Operation;
/** The broker's contacts as a policies import (finance) finds its clients. */
export const importClients = {
  id: 'pipeline.importClients',
  method: 'GET',
  path: '/internal/pipeline/:userId/import-clients',
  access: 'internal',
  answer: phantom as ImportClient[],
} as const satisfies Operation;
/** A batch of a policies import: the clients it creates (in order) and the prospects it makes clients. */
export const placeImportClients = {
  id: 'pipeline.placeImportClients',
  method: 'POST',
  path: '/internal/pipeline/:userId/import-clients',
  access: 'internal',
  body: phantom as typeof ImportClientsPlaceSchema,
  /** `at`: when (to the microsecond); an undo keeps a contact changed after it. */
  answer: phantom as { created: ImportClient[]; promoted: ImportClient[]; at: string },
} as const satisfies Operation;
/** The undo of a policies import, on its clients: the kept ones, with the line that made them and why. */
export const undoImportClients = {
  id: 'pipeline.undoImportClients',
  method: 'POST',
  path: '/internal/pipeline/:userId/import-clients/undo',
  access: 'internal',
  body: phantom as typeof ImportClientsUndoSchema,
  answer: phantom as { kept: { line: number; targetId: number; reason: string }[] },
} as const satisfies Operation;
export const clearData = {
  id: 'pipeline.clearData',
  method: 'DELETE',
  path: '/internal/pipeline/:userId/data',
  access: 'internal',
  status: 204,
} as const satisfies Operation;
/** Equipe › Produção's pipeline half: each member's leads per month and how many became a policy, and their overdue work. */
export const pipelineProduction = {
  id: 'pipeline.production',
  method: 'GET',
  path: '/internal/pipeline/:userId/production',
  access: 'internal',
  query: phantom as typeof PipelineProductionQuerySchema,
  answer: phantom as PipelineProduction,
} as const satisfies Operation;
