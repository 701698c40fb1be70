import { phantom, type Operation } from '../api/operation';
import { NOT_FOUND } from '../errors';
import type { ContactTimeline, MessageTemplate, TimelineEntry, WhatsappLink } from './relationship-types';
import type { ConsentSchema, InteractionSchema, MessageTemplatesSchema, WhatsappSchema } from './relationship.schemas';

// Keeping the clients (#25): the pipeline service, which owns the contacts.

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
  body: phantom as typeof MessageTemplatesSchema,
  answer: phantom as MessageTemplate[],
} as const satisfies Operation;
