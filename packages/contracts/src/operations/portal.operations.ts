import { phantom, type Operation } from '../vocabulary/operation';
import { NOT_FOUND } from '../errors';
import { OWNERS } from '../vocabulary/team-roles';
import type {
  PortalAccess,
  PortalBrokerage,
  PortalClaim,
  PortalClientRecord,
  PortalContactCard,
  PortalDocument,
  PortalInstalment,
  PortalInviteSent,
  PortalMe,
  PortalPolicy,
  PortalSettings,
} from '../portal/portal-types';
import type {
  PortalChangeRequestSchema,
  PortalClaimSchema,
  PortalCodeRequestSchema,
  PortalInviteSchema,
  PortalPrivacySchema,
  PortalSettingsSchema,
  PortalSignInSchema,
} from '../portal/portal.schemas';
import type { PortalClientLookupSchema, PortalPrivacyFilingSchema, PortalTaskSchema } from '../portal/portal-internal.schemas';
import type { PhotoFieldsSchema } from '../broker/broker-profile.schemas';

// The client portal (#61): a client of one brokerage, signed in by a code sent to them, reaches only
// these operations (access 'client') and only their own records. The portal service answers the
// sign-in, the client's data and requests; finance answers the policies, instalments, documents and
// claims it holds (registry paths), each through the kit's client scope.

export const page = {
  id: 'portal.page',
  method: 'GET',
  path: '/api/portal/:brokerage/page',
  access: 'public',
  notFound: 'Portal do cliente não encontrado.',
  answer: phantom as PortalBrokerage,
} as const satisfies Operation;
export const logo = {
  id: 'portal.logo',
  method: 'GET',
  path: '/api/portal/:brokerage/logo',
  access: 'public',
  notFound: 'Portal do cliente não encontrado.',
  produces: 'image/*',
} as const satisfies Operation;
export const requestCode = {
  id: 'portal.requestCode',
  method: 'POST',
  path: '/api/portal/:brokerage/code',
  access: 'public',
  status: 202,
  notFound: 'Portal do cliente não encontrado.',
  body: phantom as typeof PortalCodeRequestSchema,
  answer: phantom as { message: string },
} as const satisfies Operation;
export const signIn = {
  id: 'portal.signIn',
  method: 'POST',
  path: '/api/portal/:brokerage/session',
  access: 'public',
  notFound: 'Portal do cliente não encontrado.',
  body: phantom as typeof PortalSignInSchema,
  answer: phantom as PortalMe,
} as const satisfies Operation;
export const signOut = {
  id: 'portal.signOut',
  method: 'DELETE',
  path: '/api/portal/session',
  access: 'public',
  status: 204,
} as const satisfies Operation;
export const me = {
  id: 'portal.me',
  method: 'GET',
  path: '/api/portal/me',
  access: 'client',
  answer: phantom as PortalMe,
} as const satisfies Operation;
export const policies = {
  id: 'portal.policies',
  method: 'GET',
  path: '/api/portal/policies',
  access: 'client',
  answer: phantom as PortalPolicy[],
} as const satisfies Operation;
export const policyDocuments = {
  id: 'portal.policyDocuments',
  method: 'GET',
  path: '/api/portal/policies/:id/documents',
  access: 'client',
  notFound: NOT_FOUND.policy,
  answer: phantom as PortalDocument[],
} as const satisfies Operation;
export const download = {
  id: 'portal.download',
  method: 'GET',
  path: '/api/portal/documents/:id/download',
  access: 'client',
  notFound: NOT_FOUND.document,
  produces: 'application/octet-stream',
} as const satisfies Operation;
export const instalments = {
  id: 'portal.instalments',
  method: 'GET',
  path: '/api/portal/instalments',
  access: 'client',
  answer: phantom as PortalInstalment[],
} as const satisfies Operation;
export const claims = {
  id: 'portal.claims',
  method: 'GET',
  path: '/api/portal/claims',
  access: 'client',
  answer: phantom as PortalClaim[],
} as const satisfies Operation;
export const reportClaim = {
  id: 'portal.reportClaim',
  method: 'POST',
  path: '/api/portal/claims',
  access: 'client',
  status: 201,
  body: phantom as typeof PortalClaimSchema,
  answer: phantom as PortalClaim,
} as const satisfies Operation;
export const claimPhoto = {
  id: 'portal.claimPhoto',
  method: 'POST',
  path: '/api/portal/claims/:id/photos',
  access: 'client',
  status: 201,
  notFound: NOT_FOUND.claim,
  upload: { field: 'photo', fields: phantom as typeof PhotoFieldsSchema },
  answer: phantom as PortalClaim,
} as const satisfies Operation;
export const requestChange = {
  id: 'portal.requestChange',
  method: 'POST',
  path: '/api/portal/requests',
  access: 'client',
  status: 201,
  body: phantom as typeof PortalChangeRequestSchema,
  answer: phantom as { message: string },
} as const satisfies Operation;
export const privacyRequest = {
  id: 'portal.privacy',
  method: 'POST',
  path: '/api/portal/privacy',
  access: 'client',
  status: 201,
  body: phantom as typeof PortalPrivacySchema,
  answer: phantom as { message: string; protocol: string },
} as const satisfies Operation;

// The brokerage's side.
export const settings = {
  id: 'portal.settings',
  method: 'GET',
  path: '/api/portal-settings',
  access: 'signed-in',
  answer: phantom as PortalSettings,
} as const satisfies Operation;
export const saveSettings = {
  id: 'portal.saveSettings',
  method: 'PUT',
  path: '/api/portal-settings',
  access: 'signed-in',
  roles: OWNERS,
  body: phantom as typeof PortalSettingsSchema,
  answer: phantom as PortalSettings,
} as const satisfies Operation;
export const access = {
  id: 'portal.access',
  method: 'GET',
  path: '/api/contacts/:id/portal-access',
  access: 'signed-in',
  notFound: NOT_FOUND.contact,
  answer: phantom as PortalAccess,
} as const satisfies Operation;
export const invite = {
  id: 'portal.invite',
  method: 'POST',
  path: '/api/contacts/:id/portal-invite',
  access: 'signed-in',
  notFound: NOT_FOUND.contact,
  body: phantom as typeof PortalInviteSchema,
  answer: phantom as PortalInviteSent,
} as const satisfies Operation;

// Between services.
export const brokerageBySlug = {
  id: 'pipeline.portalBrokerage',
  method: 'GET',
  path: '/internal/pipeline/portal/brokerages/:brokerage',
  access: 'internal',
  notFound: 'Portal do cliente não encontrado.',
  answer: phantom as { userId: string; slug: string },
} as const satisfies Operation;
export const brokerageSlug = {
  id: 'pipeline.portalSlug',
  method: 'GET',
  path: '/internal/pipeline/:userId/portal/slug',
  access: 'internal',
  answer: phantom as { slug: string },
} as const satisfies Operation;
export const client = {
  id: 'pipeline.portalClient',
  method: 'POST',
  path: '/internal/pipeline/:userId/portal/client',
  access: 'internal',
  body: phantom as typeof PortalClientLookupSchema,
  /** null: no contact of the brokerage holds the document. */
  answer: phantom as PortalClientRecord | null,
} as const satisfies Operation;
export const contactCard = {
  id: 'pipeline.portalContact',
  method: 'GET',
  path: '/internal/pipeline/:userId/portal/contacts/:id',
  access: 'internal',
  notFound: NOT_FOUND.contact,
  answer: phantom as PortalContactCard,
} as const satisfies Operation;
export const clientTask = {
  id: 'pipeline.portalTask',
  method: 'POST',
  path: '/internal/pipeline/:userId/portal/tasks',
  access: 'internal',
  status: 201,
  body: phantom as typeof PortalTaskSchema,
  answer: phantom as { taskId: number },
} as const satisfies Operation;
export const clientPrivacy = {
  id: 'pipeline.portalPrivacy',
  method: 'POST',
  path: '/internal/pipeline/:userId/portal/privacy',
  access: 'internal',
  status: 201,
  body: phantom as typeof PortalPrivacyFilingSchema,
  answer: phantom as { protocol: string },
} as const satisfies Operation;
