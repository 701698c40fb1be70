import { phantom, type Operation } from '../vocabulary/operation';
import { NOT_FOUND } from '../errors';
import type {
  ContactOverview,
  ContactTimeline,
  DigestSend,
  MessageTemplate,
  Task,
  TaskList,
  TaskPage,
  TimelineEntry,
  WhatsappLink,
} from '../relationship/relationship-types';
import type {
  DigestSettingsSchema,
  SnoozeSchema,
  TaskCreateSchema,
  TaskEditSchema,
  TaskPageQuerySchema,
  TasksQuerySchema,
} from '../relationship/tasks.schemas';
import type {
  ConsentSchema,
  InteractionSchema,
  MessageTemplatesSchema,
  SentRecordSchema,
  WhatsappSchema,
} from '../relationship/relationship.schemas';
import type { SearchQuerySchema, SearchResults } from '../relationship/search';
import { OFFICE_ROLES } from '../vocabulary/team-roles';

// Keeping the clients: the pipeline service, which owns the contacts.

export const logInteraction = {
  id: 'contacts.logInteraction',
  method: 'POST',
  path: '/api/contacts/:id/interactions',
  access: 'signed-in',
  status: 201,
  notFound: NOT_FOUND.contact,
  body: phantom as typeof InteractionSchema,
  answer: phantom as TimelineEntry,
} as const satisfies Operation;
export const contactTimeline = {
  id: 'contacts.timeline',
  method: 'GET',
  path: '/api/contacts/:id/timeline',
  access: 'signed-in',
  notFound: NOT_FOUND.contact,
  answer: phantom as ContactTimeline,
} as const satisfies Operation;
export const contactOverview = {
  id: 'contacts.overview',
  method: 'GET',
  path: '/api/contacts/:id/overview',
  access: 'signed-in',
  notFound: NOT_FOUND.contact,
  answer: phantom as ContactOverview,
} as const satisfies Operation;
export const search = {
  id: 'search',
  method: 'GET',
  path: '/api/search',
  access: 'signed-in',
  query: phantom as typeof SearchQuerySchema,
  answer: phantom as SearchResults,
} as const satisfies Operation;
export const setContactConsent = {
  id: 'contacts.setConsent',
  method: 'PUT',
  path: '/api/contacts/:id/consent',
  access: 'signed-in',
  notFound: NOT_FOUND.contact,
  body: phantom as typeof ConsentSchema,
  answer: phantom as ContactTimeline,
} as const satisfies Operation;
export const contactWhatsapp = {
  id: 'contacts.whatsapp',
  method: 'POST',
  path: '/api/contacts/:id/whatsapp',
  access: 'signed-in',
  status: 201,
  notFound: NOT_FOUND.contact,
  body: phantom as typeof WhatsappSchema,
  answer: phantom as WhatsappLink,
} as const satisfies Operation;
export const messageTemplates = {
  id: 'messageTemplates.list',
  method: 'GET',
  path: '/api/message-templates',
  access: 'signed-in',
  answer: phantom as MessageTemplate[],
} as const satisfies Operation;
export const setMessageTemplates = {
  id: 'messageTemplates.set',
  method: 'PUT',
  path: '/api/message-templates',
  access: 'signed-in',
  roles: OFFICE_ROLES,
  body: phantom as typeof MessageTemplatesSchema,
  answer: phantom as MessageTemplate[],
} as const satisfies Operation;

// Minhas tarefas: the next actions of cards and renewals, and the open renewals due, in three lists.
export const tasks = {
  id: 'tasks.list',
  method: 'GET',
  path: '/api/tasks',
  access: 'signed-in',
  query: phantom as typeof TasksQuerySchema,
  answer: phantom as TaskList,
} as const satisfies Operation;
/** Beside GET /api/tasks (every task of the three lists, kept for its clients): one list a page at a time. */
export const taskPage = {
  id: 'tasks.page',
  method: 'GET',
  path: '/api/tasks/page',
  access: 'signed-in',
  query: phantom as typeof TaskPageQuerySchema,
  answer: phantom as TaskPage,
} as const satisfies Operation;
export const createTask = {
  id: 'tasks.create',
  method: 'POST',
  path: '/api/tasks',
  access: 'signed-in',
  status: 201,
  body: phantom as typeof TaskCreateSchema,
  answer: phantom as Task,
} as const satisfies Operation;
export const taskEdit = {
  id: 'tasks.edit',
  method: 'PATCH',
  path: '/api/tasks/:taskId',
  access: 'signed-in',
  notFound: NOT_FOUND.task,
  body: phantom as typeof TaskEditSchema,
  answer: phantom as Task,
} as const satisfies Operation;
export const taskDelete = {
  id: 'tasks.delete',
  method: 'DELETE',
  path: '/api/tasks/:taskId',
  access: 'signed-in',
  status: 204,
  notFound: NOT_FOUND.task,
} as const satisfies Operation;
export const taskDone = {
  id: 'tasks.done',
  method: 'POST',
  path: '/api/tasks/:taskId/done',
  access: 'signed-in',
  status: 204,
  notFound: NOT_FOUND.task,
} as const satisfies Operation;
export const taskSnooze = {
  id: 'tasks.snooze',
  method: 'POST',
  path: '/api/tasks/:taskId/snooze',
  access: 'signed-in',
  notFound: NOT_FOUND.task,
  body: phantom as typeof SnoozeSchema,
  answer: phantom as Task,
} as const satisfies Operation;
export const digests = {
  id: 'tasks.digests',
  method: 'GET',
  path: '/api/tasks/digests',
  access: 'signed-in',
  answer: phantom as DigestSend[],
} as const satisfies Operation;
export const digestSettings = {
  id: 'tasks.digestSettings',
  method: 'GET',
  path: '/api/tasks/digest-settings',
  access: 'signed-in',
  answer: phantom as { enabled: boolean },
} as const satisfies Operation;
export const setDigestSettings = {
  id: 'tasks.setDigestSettings',
  method: 'PUT',
  path: '/api/tasks/digest-settings',
  access: 'signed-in',
  body: phantom as typeof DigestSettingsSchema,
  answer: phantom as { enabled: boolean },
} as const satisfies Operation;
/** A deal's document sent to the client (a comparison, a CNSP 382 disclosure): finance records it on the timeline. */
export const recordSent = {
  id: 'contacts.recordSent',
  method: 'POST',
  path: '/internal/pipeline/:userId/contacts/:id/sent',
  access: 'internal',
  status: 201,
  notFound: NOT_FOUND.contact,
  body: phantom as typeof SentRecordSchema,
  answer: phantom as TimelineEntry,
} as const satisfies Operation;
