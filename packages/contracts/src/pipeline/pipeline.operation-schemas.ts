// The runtime schemas of the pipeline operations, by the same names: read by the services (service-kit route) and the API reference,
// never by a front end, so no page carries a schema it does not validate with.
import { IssueSchema } from '../finance/finance.schemas';
import { ArchiveSchema, ArchivedQuerySchema, CardMoveSchema, CompletionSchema, ContactCreateSchema, ContactQuerySchema, ContactUpdateSchema, LeadCreateSchema, LeadListQuerySchema } from './pipeline.schemas';

export const cards = { query: ArchivedQuerySchema };
export const leads = { query: LeadListQuerySchema };
export const createLead = { body: LeadCreateSchema };
export const move = { body: CardMoveSchema };
export const archive = { body: ArchiveSchema };
export const confirmIssuance = { bodyOneOf: [CompletionSchema, IssueSchema] as const };
export const contacts = { query: ContactQuerySchema };
export const exportContacts = { query: ContactQuerySchema };
export const createContact = { body: ContactCreateSchema };
export const updateContact = { body: ContactUpdateSchema };
