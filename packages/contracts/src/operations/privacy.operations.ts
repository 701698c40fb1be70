import { phantom, type Operation } from '../vocabulary/operation';
import { NOT_FOUND } from '../errors';
import { MANAGERS, OWNERS } from '../vocabulary/team-roles';
import type {
  ErasureResult,
  PrivacyFinanceErasure,
  PrivacyFinanceExport,
  PrivacyNotice,
  PrivacyRequest,
  PrivacyRequestList,
  PrivacySettings,
  ProcessingRecord,
  PublicRequestConfirmed,
  PublicRequestFiled,
} from '../privacy/privacy-types';
import type {
  PrivacyConfirmSchema,
  PrivacyRequestSchema,
  PrivacyRequestUpdateSchema,
  PrivacySettingsSchema,
  ProcessingRecordSchema,
  PublicPrivacyRequestSchema,
} from '../privacy/privacy.schemas';
import type { PrivacyContactsSchema, PrivacyMailSchema } from './privacy-internal.schemas';

// The client's data rights (LGPD): the pipeline service, which owns the contacts, answers
// them; finance gives its part of a subject's records over its internal listener.

export const privacyRequests = {
  id: 'privacy.requests',
  method: 'GET',
  path: '/api/privacy/requests',
  access: 'signed-in',
  roles: MANAGERS,
  answer: phantom as PrivacyRequestList,
} as const satisfies Operation;
export const createPrivacyRequest = {
  id: 'privacy.createRequest',
  method: 'POST',
  path: '/api/privacy/requests',
  access: 'signed-in',
  roles: MANAGERS,
  status: 201,
  body: phantom as typeof PrivacyRequestSchema,
  answer: phantom as PrivacyRequest,
} as const satisfies Operation;
export const updatePrivacyRequest = {
  id: 'privacy.updateRequest',
  method: 'PATCH',
  path: '/api/privacy/requests/:id',
  access: 'signed-in',
  roles: MANAGERS,
  notFound: NOT_FOUND.privacyRequest,
  body: phantom as typeof PrivacyRequestUpdateSchema,
  answer: phantom as PrivacyRequest,
} as const satisfies Operation;
export const exportPrivacyRequest = {
  id: 'privacy.export',
  method: 'POST',
  path: '/api/privacy/requests/:id/export',
  access: 'signed-in',
  roles: MANAGERS,
  notFound: NOT_FOUND.privacyRequest,
  produces: 'application/zip',
} as const satisfies Operation;
export const erasePrivacyRequest = {
  id: 'privacy.erase',
  method: 'POST',
  path: '/api/privacy/requests/:id/erase',
  access: 'signed-in',
  roles: MANAGERS,
  notFound: NOT_FOUND.privacyRequest,
  answer: phantom as ErasureResult,
} as const satisfies Operation;
export const revokePrivacyConsent = {
  id: 'privacy.revoke',
  method: 'POST',
  path: '/api/privacy/requests/:id/revoke',
  access: 'signed-in',
  roles: MANAGERS,
  notFound: NOT_FOUND.privacyRequest,
  answer: phantom as PrivacyRequest,
} as const satisfies Operation;
export const privacyLetter = {
  id: 'privacy.letter',
  method: 'GET',
  path: '/api/privacy/requests/:id/letter.pdf',
  access: 'signed-in',
  roles: MANAGERS,
  notFound: NOT_FOUND.privacyRequest,
  produces: 'application/pdf',
} as const satisfies Operation;
export const privacySettings = {
  id: 'privacy.settings',
  method: 'GET',
  path: '/api/privacy/settings',
  access: 'signed-in',
  roles: MANAGERS,
  answer: phantom as PrivacySettings,
} as const satisfies Operation;
export const setPrivacySettings = {
  id: 'privacy.setSettings',
  method: 'PUT',
  path: '/api/privacy/settings',
  access: 'signed-in',
  roles: MANAGERS,
  body: phantom as typeof PrivacySettingsSchema,
  answer: phantom as PrivacySettings,
} as const satisfies Operation;
export const processingRecord = {
  id: 'privacy.processing',
  method: 'GET',
  path: '/api/privacy/processing',
  access: 'signed-in',
  roles: MANAGERS,
  answer: phantom as ProcessingRecord,
} as const satisfies Operation;
export const setProcessingRecord = {
  id: 'privacy.setProcessing',
  method: 'PUT',
  path: '/api/privacy/processing',
  access: 'signed-in',
  roles: OWNERS,
  body: phantom as typeof ProcessingRecordSchema,
  answer: phantom as ProcessingRecord,
} as const satisfies Operation;
export const processingRecordCsv = {
  id: 'privacy.processingCsv',
  method: 'GET',
  path: '/api/privacy/processing.csv',
  access: 'signed-in',
  roles: MANAGERS,
  produces: 'text/csv',
} as const satisfies Operation;
export const privacyNotice = {
  id: 'privacy.notice',
  method: 'GET',
  path: '/api/privacy/notice/:brokerage',
  access: 'public',
  notFound: NOT_FOUND.privacyNotice,
  answer: phantom as PrivacyNotice,
} as const satisfies Operation;
export const filePublicPrivacyRequest = {
  id: 'privacy.fileRequest',
  method: 'POST',
  path: '/api/privacy/notice/:brokerage/requests',
  access: 'public',
  status: 202,
  notFound: NOT_FOUND.privacyNotice,
  body: phantom as typeof PublicPrivacyRequestSchema,
  answer: phantom as PublicRequestFiled,
} as const satisfies Operation;
export const confirmPublicPrivacyRequest = {
  id: 'privacy.confirmRequest',
  method: 'POST',
  path: '/api/privacy/notice/:brokerage/requests/confirm',
  access: 'public',
  status: 201,
  notFound: NOT_FOUND.privacyNotice,
  body: phantom as typeof PrivacyConfirmSchema,
  answer: phantom as PublicRequestConfirmed,
} as const satisfies Operation;

// ─── Internal ───

/** Finance's records of some contacts, the documents' bytes included (an access or portability request). */
export const financeExport = {
  id: 'privacy.financeExport',
  method: 'POST',
  path: '/internal/finance/:userId/privacy/export',
  access: 'internal',
  body: phantom as typeof PrivacyContactsSchema,
  answer: phantom as PrivacyFinanceExport,
} as const satisfies Operation;
/** Finance erases what it need not keep of some contacts and says until when it keeps the rest. */
export const financeErase = {
  id: 'privacy.financeErase',
  method: 'POST',
  path: '/internal/finance/:userId/privacy/erase',
  access: 'internal',
  body: phantom as typeof PrivacyContactsSchema,
  answer: phantom as PrivacyFinanceErasure,
} as const satisfies Operation;
/** A mail to an address that is no user's (a data subject confirming a request): identity holds the mailer. */
export const mailAddress = {
  id: 'privacy.mailAddress',
  method: 'POST',
  path: '/internal/auth/mail',
  access: 'internal',
  status: 204,
  body: phantom as typeof PrivacyMailSchema,
} as const satisfies Operation;
/** The controller on the public privacy page: the brokerage's profile. */
export const brokerageController = {
  id: 'privacy.controller',
  method: 'GET',
  path: '/internal/broker/:userId/controller',
  access: 'internal',
  answer: phantom as PrivacyNotice['controller'],
} as const satisfies Operation;
