import * as v from 'valibot';
import { isValidCnpj, normalizeCnpj } from '../br/cnpj';
import { isValidCpf, normalizeCpf } from '../br/cpf';
import { maxLengthMessage, requiredChoice, requiredText } from '../fields';
import { dateField, optionalFormId, optionalWireId } from '../wire-fields';
import { saoPauloDay } from '../br/date';
import { PORTAL_CODE_LENGTH, PORTAL_REQUEST_KINDS, PORTAL_TEXT_MAX } from './portal-options';

const DOCUMENT_MESSAGE = 'Informe um CPF ou CNPJ válido';

/** The client's CPF (11 characters) or CNPJ (14), as typed (dots, dashes and slashes dropped). */
export const PortalDocumentField = v.optional(
  v.pipe(
    v.string(DOCUMENT_MESSAGE),
    v.trim(),
    v.maxLength(20, DOCUMENT_MESSAGE),
    v.transform((value) => value.replace(/[/]/g, '')),
    v.check((value) => isValidCpf(value) || isValidCnpj(value), DOCUMENT_MESSAGE),
    v.transform((value) => (normalizeCpf(value).length === 11 ? normalizeCpf(value) : normalizeCnpj(value))),
  ),
  '',
);

/** POST /api/portal/{brokerage}/code: the client asks for a code. */
export const PortalCodeRequestSchema = v.object({ document: PortalDocumentField });
export type PortalCodeRequestInput = v.InferOutput<typeof PortalCodeRequestSchema>;

const CODE_MESSAGE = `Informe o código de ${PORTAL_CODE_LENGTH} dígitos`;
/** POST /api/portal/{brokerage}/session: the document and the code received. */
export const PortalSignInSchema = v.object({
  document: PortalDocumentField,
  code: v.optional(v.pipe(v.string(CODE_MESSAGE), v.trim(), v.regex(/^\d{6}$/, CODE_MESSAGE)), ''),
});
export type PortalSignInInput = v.InferOutput<typeof PortalSignInSchema>;

/** PUT /api/portal-settings: the portal on or off, and how a code may reach a client. */
export const PortalSettingsSchema = v.object({
  enabled: v.boolean('Informe se o portal está ligado'),
  channels: v.object(
    {
      email: v.boolean('Informe se o código vai por e-mail'),
      whatsapp: v.boolean('Informe se o link vai pelo WhatsApp'),
    },
    'Informe os canais',
  ),
});
export type PortalSettingsInput = v.InferOutput<typeof PortalSettingsSchema>;

/** POST /api/portal/requests: a change the client asks for (a task for the responsible member). */
export const PortalChangeRequestSchema = v.object({
  kind: requiredChoice(PORTAL_REQUEST_KINDS, 'Escolha o que deseja alterar'),
  text: requiredText('Descreva a alteração', PORTAL_TEXT_MAX),
});
export type PortalChangeRequestInput = v.InferOutput<typeof PortalChangeRequestSchema>;

const POLICY_MESSAGE = 'Escolha uma das suas apólices';

function claimEntries<OptionalId extends v.GenericSchema<unknown, number | null>>(optionalId: (message: string) => OptionalId) {
  return {
    policyId: optionalId(POLICY_MESSAGE),
    description: requiredText('Conte o que aconteceu', PORTAL_TEXT_MAX),
    /** dd/mm/aaaa in the form, ISO on the wire: not after today. */
    occurredAt: v.pipe(
      dateField('Informe quando aconteceu'),
      v.check((day) => day <= saoPauloDay(new Date()), 'A data não pode ser futura'),
    ),
    place: requiredText('Informe onde aconteceu', 200),
  };
}

/** POST /api/portal/claims: what happened, when and where, on which of their policies (photos follow, one per call). */
export const PortalClaimSchema = v.object(claimEntries(optionalWireId));
/** Avisar sinistro's form: the policy as the select's text. */
export const PortalClaimFormSchema = v.object(claimEntries(optionalFormId));
export type PortalClaimInput = v.InferOutput<typeof PortalClaimSchema>;

/** POST /api/portal/privacy: an LGPD request, filed by the signed-in client (no e-mail round trip). */
export const PortalPrivacySchema = v.object({
  type: requiredChoice(['access', 'correction', 'deletion', 'portability', 'revocation'] as const, 'Escolha o que deseja pedir'),
  note: v.optional(
    v.pipe(
      v.nullable(v.pipe(v.string('Texto inválido'), v.trim(), v.maxLength(PORTAL_TEXT_MAX, maxLengthMessage(PORTAL_TEXT_MAX)))),
      v.transform((value) => value || null),
    ),
    null,
  ),
});
export type PortalPrivacyInput = v.InferOutput<typeof PortalPrivacySchema>;

/** POST /api/contacts/{id}/portal-invite: how the link reaches the client. */
export const PortalInviteSchema = v.object({
  channel: requiredChoice(['email', 'whatsapp'] as const, 'Escolha como enviar o link'),
});
export type PortalInviteInput = v.InferOutput<typeof PortalInviteSchema>;
