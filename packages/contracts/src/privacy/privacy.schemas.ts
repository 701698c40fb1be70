import * as v from 'valibot';
import { isValidCnpj, normalizeCnpj } from '../br/cnpj';
import { isValidCpf, normalizeCpf } from '../br/cpf';
import { maxLengthMessage, optionalText, requiredChoice, requiredText } from '../fields';
import { LEGAL_BASES, PRIVACY_REQUEST_STATES, PRIVACY_REQUEST_TYPES, PRIVACY_SLUG_PATTERN, type PrivacyChannel } from './privacy-options';

const CPF_MESSAGE = 'CPF inválido';
const CNPJ_MESSAGE = 'CNPJ inválido';
const EMAIL_MESSAGE = 'E-mail inválido';
const SUBJECT_MESSAGE = 'Informe o CPF, o CNPJ ou o e-mail do titular (um deles)';
export const PRIVACY_NOTE_MAX = 2000;
export const PRIVACY_ANSWER_MAX = 5000;

const cpf = v.optional(
  v.pipe(
    v.nullable(v.pipe(v.string(CPF_MESSAGE), v.trim())),
    v.check((value) => !value || isValidCpf(value), CPF_MESSAGE),
    v.transform((value) => (value ? normalizeCpf(value) : null)),
  ),
  null,
);
const cnpj = v.optional(
  v.pipe(
    v.nullable(v.pipe(v.string(CNPJ_MESSAGE), v.trim())),
    v.check((value) => !value || isValidCnpj(value), CNPJ_MESSAGE),
    v.transform((value) => (value ? normalizeCnpj(value) : null)),
  ),
  null,
);
const email = v.optional(
  v.pipe(
    v.nullable(v.pipe(v.string(EMAIL_MESSAGE), v.trim(), v.maxLength(100, maxLengthMessage(100)))),
    v.check((value) => !value || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), EMAIL_MESSAGE),
    v.transform((value) => (value ? value.toLowerCase() : null)),
  ),
  null,
);

/** The data subject: exactly one of a CPF, a CNPJ or an e-mail (the others absent or null). */
export const PrivacySubjectSchema = v.pipe(
  v.object({ cpf, cnpj, email }, SUBJECT_MESSAGE),
  v.check((subject) => [subject.cpf, subject.cnpj, subject.email].filter(Boolean).length === 1, SUBJECT_MESSAGE),
);
export type PrivacySubjectInput = v.InferOutput<typeof PrivacySubjectSchema>;

const note = optionalText(PRIVACY_NOTE_MAX);
/** What a member records by hand: every channel but the public page's form (only it files those). */
const BROKER_CHANNELS = ['email', 'whatsapp', 'phone', 'in_person', 'letter'] as const satisfies readonly PrivacyChannel[];

/** POST /api/privacy/requests: a request the brokerage received (the public form's come confirmed by e-mail). */
export const PrivacyRequestSchema = v.object({
  subject: v.optional(PrivacySubjectSchema, {}),
  type: requiredChoice(PRIVACY_REQUEST_TYPES, 'Escolha o tipo de pedido'),
  channel: requiredChoice(BROKER_CHANNELS, 'Escolha como o pedido chegou'),
  note,
});
export type PrivacyRequestInput = v.InferOutput<typeof PrivacyRequestSchema>;

/** PATCH /api/privacy/requests/{id}: its state, and the answer given (required to answer or refuse). */
export const PrivacyRequestUpdateSchema = v.pipe(
  v.object({
    state: requiredChoice(PRIVACY_REQUEST_STATES, 'Escolha a situação'),
    answer: optionalText(PRIVACY_ANSWER_MAX),
  }),
  v.forward(
    v.check(
      (input) => !(input.state === 'answered' || input.state === 'refused') || Boolean(input.answer),
      'Registre a resposta dada ao titular',
    ),
    ['answer'],
  ),
);
export type PrivacyRequestUpdateInput = v.InferOutput<typeof PrivacyRequestUpdateSchema>;

/** PUT /api/privacy/settings: the public page's address and the encarregado (DPO). */
export const PrivacySettingsSchema = v.object({
  slug: v.optional(
    v.pipe(
      v.string('Endereço inválido'),
      v.trim(),
      v.toLowerCase(),
      // Blank keeps the page's address (the form that sends '' was refused on the format).
      v.check(
        (slug) => slug === '' || PRIVACY_SLUG_PATTERN.test(slug),
        'Use de 3 a 60 letras minúsculas, números e hífens (ex.: corretora-silva)',
      ),
    ),
    '',
  ),
  dpoName: requiredText('Informe o nome do encarregado', 100),
  dpoEmail: v.optional(
    v.pipe(
      v.string('Informe o e-mail do encarregado'),
      v.trim(),
      v.nonEmpty('Informe o e-mail do encarregado'),
      v.maxLength(100, maxLengthMessage(100)),
      v.email(EMAIL_MESSAGE),
      v.toLowerCase(),
    ),
    '',
  ),
  dpoPhone: optionalText(20),
});
export type PrivacySettingsInput = v.InferOutput<typeof PrivacySettingsSchema>;

export const PROCESSING_ACTIVITIES_MAX = 30;
/** One line of the record of processing (LGPD art. 37). */
export const ProcessingActivitySchema = v.object({
  purpose: requiredText('Descreva a finalidade', 200),
  categories: requiredText('Informe as categorias de dados', 500),
  legalBasis: requiredChoice(LEGAL_BASES, 'Escolha a base legal'),
  retention: requiredText('Informe por quanto tempo os dados são guardados', 200),
});
/** PUT /api/privacy/processing: the whole record, in order. */
export const ProcessingRecordSchema = v.object({
  activities: v.pipe(
    v.array(ProcessingActivitySchema, 'Lista inválida'),
    v.minLength(1, 'Registre ao menos uma atividade'),
    v.maxLength(PROCESSING_ACTIVITIES_MAX, `No máximo ${PROCESSING_ACTIVITIES_MAX} atividades`),
  ),
});
export type ProcessingRecordInput = v.InferOutput<typeof ProcessingRecordSchema>;

/** POST /api/privacy/notice/{brokerage}/requests: a data subject files a request on the public page. */
export const PublicPrivacyRequestSchema = v.object({
  // The name goes into the confirmation e-mail: nothing that reads as a link or markup (a form that mails anyone is a spam relay otherwise).
  name: v.pipe(
    requiredText('Informe seu nome', 100),
    v.check((value) => !/https?:|www\.|[<>@/\\]/i.test(value), 'Informe só o seu nome'),
  ),
  email: v.optional(
    v.pipe(
      v.string('Informe seu e-mail'),
      v.trim(),
      v.nonEmpty('Informe seu e-mail'),
      v.maxLength(100, maxLengthMessage(100)),
      v.email(EMAIL_MESSAGE),
      v.toLowerCase(),
    ),
    '',
  ),
  cpf,
  type: requiredChoice(PRIVACY_REQUEST_TYPES, 'Escolha o que deseja pedir'),
  note,
});
export type PublicPrivacyRequestInput = v.InferOutput<typeof PublicPrivacyRequestSchema>;

/** POST /api/privacy/notice/{brokerage}/requests/confirm: the e-mailed link's token. */
export const PrivacyConfirmSchema = v.object({
  token: v.optional(v.pipe(v.string('Link inválido'), v.regex(/^[\w-]{20,100}$/, 'Link inválido ou expirado')), ''),
});
