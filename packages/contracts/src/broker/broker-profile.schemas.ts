import * as v from 'valibot';
import { isValidCep, normalizeCep } from '../br/cep';
import { LINE_KEYS } from '../vocabulary/lines';
import { isValidCnpj, normalizeCnpj } from '../br/cnpj';
import { isValidCpf, normalizeCpf } from '../br/cpf';
import { isTypedDate, parseDate } from '../br/date';
import { isValidMobilePhone, normalizePhone } from '../br/phone';
import { isValidSusep, normalizeSusep } from '../br/susep';
import {
  emailField,
  maxLengthMessage,
  optionalChoice,
  optionalText,
  optionalWebsite,
  required,
  requiredChoice,
  requiredText,
} from '../fields';
import { BUSINESS_TYPES, EXPERIENCE_OPTIONS, STATE_CODES, SUSEP_CATEGORIES, optionValues } from '../vocabulary/broker-options';

const CPF_MESSAGE = 'CPF inválido. Use 11 dígitos ou formato especial com XX';
const PHONE_MESSAGE = 'Número de celular inválido. Use formato: (11) 99999-9999';
const CNPJ_MESSAGE = 'CNPJ deve ter 14 dígitos e ser válido';
const CEP_MESSAGE = 'CEP deve ter 8 dígitos';
const SUSEP_MESSAGE = 'Número SUSEP deve ter 9 dígitos';
const SUSEP_EXPIRY_MESSAGE = 'Data de vencimento SUSEP é obrigatória';
const INSURANCE_TYPES_MESSAGE = 'Selecione pelo menos um tipo de seguro';
const MONTHLY_POLICIES_MESSAGE = 'Informe um número inteiro entre 0 e 99999';
const COMPLEMENT_MESSAGE = 'Complemento é obrigatório (ou marque "Não tem complemento")';

/** A typed identifier: required, checked by its validator, stored normalised. */
function identifier(requiredMessage: string, invalidMessage: string, isValid: (s: string) => boolean, normalize: (s: string) => string) {
  return required(
    v.pipe(v.string(requiredMessage), v.trim(), v.nonEmpty(requiredMessage), v.check(isValid, invalidMessage), v.transform(normalize)),
  );
}

const step1Entries = {
  name: requiredText('Nome é obrigatório', 100),
  email: emailField,
  phone: identifier('Celular é obrigatório', PHONE_MESSAGE, isValidMobilePhone, normalizePhone),
  cpf: identifier('CPF é obrigatório', CPF_MESSAGE, isValidCpf, normalizeCpf),
};

const step2Entries = {
  companyName: requiredText('Razão social é obrigatória', 100),
  tradingName: requiredText('Nome fantasia é obrigatório', 100),
  cnpj: identifier(CNPJ_MESSAGE, CNPJ_MESSAGE, isValidCnpj, normalizeCnpj),
  businessType: optionalChoice(optionValues(BUSINESS_TYPES), 'Tipo de empresa inválido'),
  address: requiredText('Endereço é obrigatório', 150),
  number: optionalText(20),
  district: optionalText(100),
  city: requiredText('Cidade é obrigatória', 50),
  state: requiredChoice(STATE_CODES, 'Selecione um estado'),
  zipCode: identifier(CEP_MESSAGE, CEP_MESSAGE, isValidCep, normalizeCep),
  complement: v.optional(v.nullable(v.pipe(v.string('Texto inválido'), v.trim(), v.maxLength(100, maxLengthMessage(100)))), null),
  noComplement: v.optional(v.boolean('Valor inválido'), false),
};

const step3Entries = {
  susepNumber: identifier(SUSEP_MESSAGE, SUSEP_MESSAGE, isValidSusep, normalizeSusep),
  susepExpiry: required(
    // Typed as dd/mm/aaaa on screen, always YYYY-MM-DD on the wire and in the database.
    v.pipe(
      v.string(SUSEP_EXPIRY_MESSAGE),
      v.trim(),
      v.nonEmpty(SUSEP_EXPIRY_MESSAGE),
      v.check(isTypedDate, 'Data de vencimento SUSEP inválida. Use dd/mm/aaaa'),
      v.transform((value) => parseDate(value) ?? value),
    ),
  ),
  susepCategory: requiredChoice(optionValues(SUSEP_CATEGORIES), 'Selecione a categoria SUSEP'),
  website: optionalWebsite(200),
};

const step4Entries = {
  insuranceTypes: required(
    v.pipe(
      v.array(v.picklist(LINE_KEYS, 'Tipo de seguro inválido'), INSURANCE_TYPES_MESSAGE),
      v.minLength(1, INSURANCE_TYPES_MESSAGE),
      v.transform((types) => [...new Set(types)]),
    ),
    [],
  ),
  experience: requiredChoice(optionValues(EXPERIENCE_OPTIONS), 'Selecione a experiência'),
  monthlyPolicies: v.optional(
    v.pipe(
      v.nullable(v.union([v.number(MONTHLY_POLICIES_MESSAGE), v.string(MONTHLY_POLICIES_MESSAGE)], MONTHLY_POLICIES_MESSAGE)),
      v.transform((value) => (value === null || value === '' ? null : Number(value))),
      v.check((value) => value === null || (Number.isInteger(value) && value >= 0 && value <= 99999), MONTHLY_POLICIES_MESSAGE),
    ),
    null,
  ),
};

interface ComplementInput {
  complement?: string | null;
  noComplement?: boolean;
}

/**
 * With 'Não tem complemento' on, the complement is stored empty. noComplement stays in the output so
 * that the output validates again unchanged (the form's output is what the API receives).
 */
function withoutComplementWhenDisabled<T extends ComplementInput>(input: T): T & { complement: string | null; noComplement: boolean } {
  const noComplement = input.noComplement === true || (input.noComplement === undefined && !input.complement);
  return { ...input, noComplement, complement: noComplement ? null : input.complement || null };
}

export const BrokerStep1Schema = v.object(step1Entries);
// partialCheck runs even while other fields of the step are still invalid, so its message shows with theirs.
export const BrokerStep2Schema = v.pipe(
  v.object(step2Entries),
  v.forward(
    v.partialCheck([['complement'], ['noComplement']], (input) => input.noComplement || Boolean(input.complement), COMPLEMENT_MESSAGE),
    ['complement'],
  ),
  v.transform((input) => withoutComplementWhenDisabled(input)),
);
export const BrokerStep3Schema = v.object(step3Entries);
export const BrokerStep4Schema = v.object(step4Entries);

const profileEntries = { ...step1Entries, ...step2Entries, ...step3Entries, ...step4Entries };

/** The onboarding save (POST /api/broker-profile): every step at once. */
export const BrokerProfileSchema = v.pipe(
  v.object({ ...profileEntries, isOnboardingComplete: v.optional(v.boolean('Valor inválido'), false) }),
  v.forward(
    v.partialCheck([['complement'], ['noComplement']], (input) => input.noComplement || Boolean(input.complement), COMPLEMENT_MESSAGE),
    ['complement'],
  ),
  v.transform((input) => withoutComplementWhenDisabled(input)),
);

/** PUT /api/broker-profile: any subset of the profile fields (the profile screen sends a few). */
export const BrokerProfileUpdateSchema = v.pipe(
  v.partial(v.object(profileEntries)),
  v.check((input) => Object.keys(input).length > 0, 'Nenhum campo para atualizar'),
  v.forward(
    v.check((input) => input.noComplement !== false || Boolean(input.complement), COMPLEMENT_MESSAGE),
    ['complement'],
  ),
  v.transform((input) => {
    if (input.noComplement === true) return { ...input, complement: null };
    if ('complement' in input) return { ...input, complement: input.complement || null };
    return input;
  }),
);

/** Field names per wizard step, in screen order (the wizard validates one step at a time). */
export const BROKER_STEP_FIELDS = {
  1: Object.keys(step1Entries),
  2: Object.keys(step2Entries),
  3: Object.keys(step3Entries),
  4: Object.keys(step4Entries),
} as const;

export type BrokerProfileFormInput = v.InferInput<typeof BrokerProfileSchema>;
export type BrokerProfileInput = v.InferOutput<typeof BrokerProfileSchema>;
export type BrokerProfileUpdateInput = v.InferOutput<typeof BrokerProfileUpdateSchema>;

/** The profile photo's upload: the file alone, no text fields. */
export const PhotoFieldsSchema = v.object({});
