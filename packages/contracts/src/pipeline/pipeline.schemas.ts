import * as v from 'valibot';
import { CEP_MESSAGES, isValidCep, normalizeCep } from '../br/cep';
import { isValidCnpj, normalizeCnpj } from '../br/cnpj';
import { isValidCpf, normalizeCpf } from '../br/cpf';
import { STATE_CODES } from '../vocabulary/broker-options';
import { isValidPhone, parseBrazilianPhone } from '../br/phone';
import { maxLengthMessage, optionalChoice, optionalEmail, optionalText, required, requiredText } from '../fields';
import { newRecordResponsible, responsibleField } from '../vocabulary/responsible-field';
import {
  FINALIZE_MONEY_MAX_CENTS,
  dateField,
  optionalDateField,
  formId,
  isId,
  optionalCents,
  optionalWireId,
  requiredCents,
  wireId,
} from '../wire-fields';

import {
  ANNUAL_PREMIUM_MAX_CENTS,
  COMMISSION_PERCENT_MAX_HUNDREDTHS,
  CONTACT_KINDS,
  CONTACT_STATUSES,
  CONTACT_TYPES,
  DOCUMENT_TYPES,
  NOTE_MAX_LENGTH,
  STAGE_KEYS,
  type DocumentTypeValue,
} from '../vocabulary/pipeline-options';

const PHONE_MESSAGE = 'Telefone inválido. Use o DDD: (11) 98765-4321 ou (11) 3222-4455';
const CPF_MESSAGE = 'CPF inválido. Use 11 dígitos ou formato especial com XX';
const ANNUAL_PREMIUM_MESSAGE = 'Prêmio anual deve estar entre R$ 0,00 e R$ 1.000.000,00';
export const END_AFTER_START = 'Data de fim deve ser posterior à data de início';

/** Data de nascimento: optional, a real date, not in the future, not before 1900. */
const birthDateField = v.pipe(
  optionalDateField(),
  v.check(
    (date) => date === null || (date >= '1900-01-01' && date <= new Date().toISOString().slice(0, 10)),
    'Data de nascimento inválida',
  ),
);

/** One rule for forms and the import: a mobile or a landline with its DDD, stored as its national digits (E.164 beside it). */
const phoneField = required(
  v.pipe(
    v.string('Telefone é obrigatório'),
    v.trim(),
    v.nonEmpty('Telefone é obrigatório'),
    v.check(isValidPhone, PHONE_MESSAGE),
    v.transform((value) => parseBrazilianPhone(value)!.national),
  ),
);

/** The optional CPF variant: blank is "not informed", anything else must be valid. */
const optionalCpfField = v.optional(
  v.pipe(
    v.nullable(v.pipe(v.string(CPF_MESSAGE), v.trim())),
    v.check((value) => !value || isValidCpf(value), CPF_MESSAGE),
    v.transform((value) => (value ? normalizeCpf(value) : null)),
  ),
  null,
);

/** A contact's address, every part optional (a typed CEP must be whole; the rest fills from it). */
export const ContactAddressSchema = v.object({
  cep: v.optional(
    v.pipe(
      v.nullable(v.pipe(v.string(CEP_MESSAGES.invalid), v.trim())),
      v.check((value) => !value || isValidCep(value), CEP_MESSAGES.invalid),
      v.transform((value) => (value ? normalizeCep(value) : null)),
    ),
    null,
  ),
  street: optionalText(200),
  number: optionalText(20),
  complement: optionalText(100),
  district: optionalText(100),
  city: optionalText(100),
  uf: optionalChoice(STATE_CODES, 'UF inválida'),
});
export type ContactAddressInput = v.InferOutput<typeof ContactAddressSchema>;

const CNPJ_MESSAGE = 'CNPJ inválido. Use os 14 caracteres, ex.: 12.ABC.345/01DE-35';

/** The optional CNPJ (numeric or alphanumeric), stored as its 14 characters in upper case. */
const optionalCnpjField = v.optional(
  v.pipe(
    v.nullable(v.pipe(v.string(CNPJ_MESSAGE), v.trim())),
    v.check((value) => !value || isValidCnpj(value), CNPJ_MESSAGE),
    v.transform((value) => (value ? normalizeCnpj(value) : null)),
  ),
  null,
);

const noteText = v.pipe(
  v.string('Nota inválida'),
  v.trim(),
  v.nonEmpty('A nota não pode ficar vazia'),
  v.maxLength(NOTE_MAX_LENGTH, maxLengthMessage(NOTE_MAX_LENGTH)),
);
/** Notes added in one save (the forms): each is appended with its date-time by the server. */
const NOTES_LIST = v.pipe(v.array(noteText, 'Notas inválidas'), v.maxLength(20, 'No máximo 20 notas por vez'));
const newNotesField = v.optional(NOTES_LIST, []);
/** On the wire, also the spec's client's one multi-line text (blank: nothing to add), kept as one note. */
const wireNotesField = v.optional(
  v.union(
    [
      NOTES_LIST,
      v.pipe(
        v.string('Notas inválidas'),
        v.trim(),
        v.maxLength(NOTE_MAX_LENGTH, maxLengthMessage(NOTE_MAX_LENGTH)),
        v.transform((text) => (text === '' ? [] : [text])),
      ),
    ],
    'Notas inválidas',
  ),
  [],
);

export const stageKeyField = v.optional(v.nullable(v.picklist(STAGE_KEYS, 'Estágio inválido')), null);

function leadEntries<Id extends v.GenericSchema<unknown, number>>(id: (message: string) => Id) {
  return {
    name: requiredText('Nome é obrigatório', 100),
    phone: phoneField,
    cpf: optionalCpfField,
    leadSourceId: id('Origem do lead é obrigatório'),
    productId: id('Tipo de seguro é obrigatório'),
    stageId: id('Estágio é obrigatório'),
    responsibleId: newRecordResponsible,
  };
}

/** 'Criar Lead' as the form holds it (the ids are the selects' text), with the premium the broker expects (cents, optional). */
export const LeadFormSchema = v.object({
  ...leadEntries(formId),
  annualPremium: optionalCents(ANNUAL_PREMIUM_MAX_CENTS, ANNUAL_PREMIUM_MESSAGE),
});

/** The sale a card carries (each card its own: one client can have two deals at once). */
function saleEntries() {
  return {
    leadSourceId: wireId('Origem do lead é obrigatório'),
    productId: wireId('Tipo de seguro é obrigatório'),
    // Either names the stage (decisions.md: `stage` is its key, `stageId` its id; both must agree).
    stageId: optionalWireId('Estágio inválido'),
    stage: stageKeyField,
    annualPremium: optionalCents(ANNUAL_PREMIUM_MAX_CENTS, ANNUAL_PREMIUM_MESSAGE),
    notes: optionalText(NOTE_MAX_LENGTH),
  };
}

/**
 * POST /api/pipeline: the form's fields plus what the spec's client sends along (type 'prospect',
 * empty email and notes, annualPremium null, the stage key). The contact is always a prospect.
 */
const NewLeadSchema = v.object({
  ...leadEntries(wireId),
  ...saleEntries(),
  contactId: v.optional(v.null()),
  type: v.optional(v.nullable(v.literal('prospect', 'Um lead novo é sempre um prospecto'))),
  email: optionalEmail(),
});

/** New business for a client already in Contatos: the card only, no second contact. */
export const LeadForContactSchema = v.object({
  // Strict (no "missing" message of its own): without it, the body is a new prospect's (the variant below).
  contactId: v.pipe(
    v.union([v.number('Cliente inválido'), v.string('Cliente inválido')], 'Cliente inválido'),
    v.transform(Number),
    v.check(isId, 'Cliente inválido'),
  ),
  ...saleEntries(),
});

/** POST /api/pipeline: a new prospect and its card, or (with `contactId`) a card for an existing contact. */
export const LeadCreateSchema = v.pipe(
  v.variant('contactId', [NewLeadSchema, LeadForContactSchema], 'Cliente inválido'),
  // partialCheck: said beside the other fields' messages, not only once they are all right.
  v.forward(
    v.partialCheck([['stageId'], ['stage']], (input) => input.stageId !== null || input.stage !== null, 'Estágio é obrigatório'),
    ['stageId'],
  ),
);

/**
 * The new-lead dialog as it holds its values: a new prospect (the 'Criar Lead' form) or, in
 * 'existing' mode, a client picked from the book (its id; the name fields are not asked).
 */
export const LeadDialogFormSchema = v.variant('mode', [
  v.object({ mode: v.literal('new'), ...LeadFormSchema.entries }),
  v.object({
    mode: v.literal('existing'),
    contactId: v.pipe(
      v.nullable(v.number('Escolha o cliente')),
      v.transform((value) => value ?? 0),
      v.check(isId, 'Escolha o cliente'),
    ),
    leadSourceId: LeadFormSchema.entries.leadSourceId,
    productId: LeadFormSchema.entries.productId,
    stageId: LeadFormSchema.entries.stageId,
    annualPremium: LeadFormSchema.entries.annualPremium,
  }),
]);

const contactEditEntries = {
  name: requiredText('Nome é obrigatório', 100),
  email: optionalEmail(),
  phone: phoneField,
  cpf: optionalCpfField,
  annualPremium: optionalCents(ANNUAL_PREMIUM_MAX_CENTS, ANNUAL_PREMIUM_MESSAGE),
  notes: newNotesField,
};

/** The edit-lead form (ids as select text; '' is "not informed"). */
export const LeadEditFormSchema = v.object({
  ...contactEditEntries,
  productId: v.pipe(
    v.string(),
    v.transform((value) => (value === '' ? null : Number(value))),
    v.check((value) => value === null || isId(value), 'Tipo de seguro inválido'),
  ),
  leadSourceId: v.pipe(
    v.string(),
    v.transform((value) => (value === '' ? null : Number(value))),
    v.check((value) => value === null || isId(value), 'Origem do lead inválida'),
  ),
});

/**
 * PATCH /api/contacts/{id}: the edit-lead form (and the first step of finalizing). `notes` are the
 * notes added in this save; the existing ones are never resent. Name and phone are always sent; an
 * optional field left out keeps its value (the contacts screen does not send the lead's product).
 */
export const ContactUpdateSchema = v.object({
  name: contactEditEntries.name,
  /** Another member of the brokerage responsible for the client (owners and admins). */
  responsibleId: responsibleField,
  /** The contacts screen's form sends the whole identity and address; the lead forms leave them out (kept). */
  kind: v.optional(v.picklist(CONTACT_KINDS, 'Escolha pessoa física ou jurídica')),
  cnpj: v.optional(optionalCnpjField),
  legalName: v.optional(optionalText(150)),
  tradeName: v.optional(optionalText(100)),
  contactPerson: v.optional(optionalText(100)),
  address: v.optional(ContactAddressSchema),
  status: v.optional(v.picklist(CONTACT_STATUSES, 'Use prospect ou client')),
  phone: contactEditEntries.phone,
  email: v.optional(contactEditEntries.email),
  cpf: v.optional(contactEditEntries.cpf),
  annualPremium: v.optional(contactEditEntries.annualPremium),
  notes: wireNotesField,
  productId: v.optional(optionalWireId('Tipo de seguro inválido')),
  leadSourceId: v.optional(optionalWireId('Origem do lead inválida')),
  /**
   * The card the lead forms edit: the product, lead source and premium sent are that card's (a
   * client's other deals keep theirs). Without it (the spec's client), every open card of the contact follows.
   */
  cardId: v.optional(optionalWireId('Card inválido')),
  type: v.optional(v.picklist(CONTACT_TYPES, 'Tipo de contato inválido')),
  birthDate: v.optional(birthDateField),
});

/** What a contact is and its identity: PF (name, CPF, birth date) or PJ (razão social, nome fantasia, CNPJ, contact person). */
const identityEntries = {
  kind: v.optional(v.picklist(CONTACT_KINDS, 'Escolha pessoa física ou jurídica')),
  name: optionalText(100),
  cpf: optionalCpfField,
  birthDate: birthDateField,
  cnpj: optionalCnpjField,
  legalName: optionalText(150),
  tradeName: optionalText(100),
  contactPerson: optionalText(100),
};

/** 'Novo Contato' on the contacts screen (form and wire alike): a client, PF or PJ, with its address. */
export const ContactCreateSchema = v.pipe(
  v.object({
    ...identityEntries,
    email: optionalEmail(),
    phone: phoneField,
    address: v.optional(ContactAddressSchema, {}),
    /** A contact created here is a client; a prospect is one created as a lead (or edited back to it). */
    status: v.optional(v.picklist(CONTACT_STATUSES, 'Use prospect ou client'), 'client'),
    /** Before kinds, the form sent 'individual' or 'business': still taken, as the kind it names. */
    type: v.optional(v.picklist(['individual', 'business'] as const, 'Tipo inválido')),
    responsibleId: newRecordResponsible,
  }),
  // A PF needs its name, a PJ its razão social (checked on what is already valid, so every field's
  // message comes at once); a client of before kinds sends a type and a name: a business is a PJ
  // whose razão social is that name.
  v.forward(
    v.partialCheck([['kind'], ['name']], (input) => input.kind === 'pj' || input.name !== null, 'Nome é obrigatório'),
    ['name'],
  ),
  v.forward(
    v.partialCheck([['kind'], ['legalName']], (input) => input.kind !== 'pj' || input.legalName !== null, 'Razão social é obrigatória'),
    ['legalName'],
  ),
  v.transform(({ type, ...input }) => {
    const kind = input.kind ?? (type === 'business' ? 'pj' : 'pf');
    return { ...input, kind, legalName: input.legalName ?? (kind === 'pj' ? input.name : null), explicit: input.kind !== undefined };
  }),
  // A PJ's name (how lists show it) is its nome fantasia, else its razão social.
  // The form sends both kinds' fields: the chosen kind keeps only its own.
  v.transform(({ explicit, ...input }) => {
    const name = input.kind === 'pj' ? (input.tradeName ?? input.legalName)! : input.name!;
    if (!explicit) return { ...input, name };
    return input.kind === 'pj'
      ? { ...input, name, cpf: null, birthDate: null }
      : { ...input, name, cnpj: null, legalName: null, tradeName: null, contactPerson: null };
  }),
);

/** The finalize form as the broker fills it: the lead's fields and the sale's, money in cents. */
export const FinalizeFormSchema = v.pipe(
  v.object({
    name: requiredText('Nome é obrigatório', 100),
    email: optionalEmail(),
    phone: phoneField,
    cpf: optionalCpfField,
    productId: formId('Tipo de seguro é obrigatório'),
    leadSourceId: formId('Origem do lead é obrigatório'),
    annualPremium: optionalCents(ANNUAL_PREMIUM_MAX_CENTS, ANNUAL_PREMIUM_MESSAGE),
    insurerId: formId('Seguradora é obrigatória'),
    startDate: dateField('Data de início é obrigatória'),
    endDate: dateField('Data de fim é obrigatória'),
    premioLiquido: requiredCents('Prêmio líquido é obrigatório', FINALIZE_MONEY_MAX_CENTS, 'Valor acima do limite permitido'),
    iof: requiredCents('IOF é obrigatório', FINALIZE_MONEY_MAX_CENTS, 'Valor acima do limite permitido'),
    juros: optionalCents(FINALIZE_MONEY_MAX_CENTS, 'Valor acima do limite permitido'),
    commissionPercentage: optionalCents(COMMISSION_PERCENT_MAX_HUNDREDTHS, 'Comissão deve estar entre 0 e 99,99%'),
    commissionAmount: optionalCents(FINALIZE_MONEY_MAX_CENTS, 'Valor acima do limite permitido'),
    documentType: v.picklist(
      ['', ...DOCUMENT_TYPES.map((type) => type.value)] as ['', ...DocumentTypeValue[]],
      'Tipo de documento inválido',
    ),
  }),
  v.forward(
    v.check((input) => input.endDate > input.startDate, END_AFTER_START),
    ['endDate'],
  ),
);

export type LeadFormInput = v.InferInput<typeof LeadFormSchema>;
export type LeadCreateInput = v.InferOutput<typeof LeadCreateSchema>;
export type LeadForContactInput = v.InferOutput<typeof LeadForContactSchema>;
export type ContactUpdateInput = v.InferOutput<typeof ContactUpdateSchema>;
export type ContactCreateInput = v.InferOutput<typeof ContactCreateSchema>;
export type FinalizeFormInput = v.InferInput<typeof FinalizeFormSchema>;
