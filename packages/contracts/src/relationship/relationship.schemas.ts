import * as v from 'valibot';
import { optionalText, required, requiredText } from '../fields';
import { bodyId } from '../wire-fields';
import {
  CONSENT_PURPOSES,
  SENT_CHANNELS,
  SENT_WHATS,
  type SentChannel,
  INTERACTION_NOTE_MAX,
  INTERACTION_TYPES,
  MAX_TEMPLATES,
  TEMPLATE_BODY_MAX,
  TEMPLATE_NAME_MAX,
  TEMPLATE_VARIABLES,
  sensitiveInTemplate,
  templateVariables,
} from './relationship-options';

const INTERACTION_VALUES = INTERACTION_TYPES.map((type) => type.value) as [string, ...string[]];
const PURPOSE_VALUES = CONSENT_PURPOSES.map((purpose) => purpose.value) as ['servico', 'marketing'];
const KNOWN_VARIABLES = new Set<string>(TEMPLATE_VARIABLES.map((variable) => variable.value));

/** POST /api/contacts/{id}/interactions: a call, WhatsApp, e-mail or meeting, with what was said. */
export const InteractionSchema = v.object({
  type: required(v.picklist(INTERACTION_VALUES as ['ligacao', 'whatsapp', 'email', 'reuniao'], 'Escolha o tipo de interação')),
  note: optionalText(INTERACTION_NOTE_MAX),
});
export type InteractionInput = v.InferOutput<typeof InteractionSchema>;

/** PUT /api/contacts/{id}/consent: what the contact agreed to (or withdrew) for one purpose. */
export const ConsentSchema = v.object({
  purpose: required(v.picklist(PURPOSE_VALUES, 'Escolha a finalidade: serviço ou marketing')),
  granted: v.boolean('Informe se o contato autorizou'),
});
export type ConsentInput = v.InferOutput<typeof ConsentSchema>;

const TEMPLATE_BODY = v.pipe(
  requiredText('Escreva o texto da mensagem', TEMPLATE_BODY_MAX),
  v.check(
    (body) => templateVariables(body).every((name) => KNOWN_VARIABLES.has(name)),
    'Variável desconhecida: use {nome}, {numero_apolice}, {fim_vigencia} ou {seguradora}',
  ),
  v.check((body) => sensitiveInTemplate(body) !== 'cpf', 'O modelo não pode conter um CPF'),
  v.check((body) => sensitiveInTemplate(body) !== 'card', 'O modelo não pode conter um número de cartão'),
);

/** PUT /api/message-templates: the whole list (an id keeps a template, none adds one, one left out is removed). */
export const MessageTemplatesSchema = v.object({
  templates: v.pipe(
    v.array(
      v.object({
        id: v.optional(v.nullable(bodyId('Modelo inválido.')), null),
        name: requiredText('Dê um nome ao modelo', TEMPLATE_NAME_MAX),
        purpose: required(v.picklist(PURPOSE_VALUES, 'Escolha a finalidade: serviço ou marketing')),
        body: TEMPLATE_BODY,
      }),
      'Envie a lista de modelos.',
    ),
    v.minLength(1, 'Mantenha ao menos um modelo.'),
    v.maxLength(MAX_TEMPLATES, `No máximo ${MAX_TEMPLATES} modelos.`),
  ),
});
export type MessageTemplatesInput = v.InferOutput<typeof MessageTemplatesSchema>;

/** POST /api/contacts/{id}/whatsapp: which template, and optionally which of the contact's policies fills it. */
export const WhatsappSchema = v.object({
  templateId: bodyId('Escolha o modelo da mensagem.'),
  policyId: v.optional(v.nullable(bodyId('Apólice inválida.')), null),
});
export type WhatsappInput = v.InferOutput<typeof WhatsappSchema>;

/** What finance records on a client's timeline when a deal's document is sent to them (internal). */
export const SentRecordSchema = v.object({
  what: v.picklist(SENT_WHATS, 'Documento inválido'),
  text: v.pipe(v.string('Texto inválido'), v.trim(), v.nonEmpty('Texto inválido'), v.maxLength(500, 'Máximo de 500 caracteres')),
  channel: v.picklist(SENT_CHANNELS.map((channel) => channel.value) as [SentChannel, ...SentChannel[]], 'Canal inválido'),
  sha256: v.nullable(v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'SHA-256 inválido'))),
  by: v.pipe(v.string(), v.maxLength(100)),
});
export type SentRecordInput = v.InferOutput<typeof SentRecordSchema>;
