import * as v from 'valibot';
import { PORTAL_TEXT_MAX } from './portal-options';
import { PortalDocumentField } from './portal.schemas';

/** POST /internal/pipeline/{userId}/portal/client: the brokerage's client holding this CPF/CNPJ. */
export const PortalClientLookupSchema = v.object({ document: PortalDocumentField });

/** POST /internal/pipeline/{userId}/portal/tasks: what the client did, as a task for the contact's responsible member. */
export const PortalTaskSchema = v.object({
  contactId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  title: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(200)),
  /** The client's own words, on the timeline. */
  text: v.pipe(v.string(), v.trim(), v.maxLength(PORTAL_TEXT_MAX * 2)),
  policyId: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))), null),
  /** The timeline's kind of entry: a claim reported, a change asked for, a data request. */
  event: v.picklist(['claim', 'change', 'privacy', 'access'] as const),
});

/** POST /internal/pipeline/{userId}/portal/privacy: the signed-in client's LGPD request. */
export const PortalPrivacyFilingSchema = v.object({
  document: PortalDocumentField,
  type: v.picklist(['access', 'correction', 'deletion', 'portability', 'revocation'] as const),
  note: v.nullable(v.pipe(v.string(), v.maxLength(PORTAL_TEXT_MAX))),
});
