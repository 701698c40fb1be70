import type * as v from 'valibot';
import {
  type BrokerProfileSchema,
  BROKER_STEP_FIELDS,
  formatCep,
  formatCnpj,
  formatCpf,
  formatDate,
  formatPhone,
  formatSusep,
  type BrokerProfile,
} from '@corretora/contracts';

export type WizardStep = 1 | 2 | 3 | 4;
export const STEP_COUNT = 4;
const STEPS: readonly WizardStep[] = [1, 2, 3, 4];

/** The step `by` away from `step`, kept within the wizard. */
export function stepAfter(step: WizardStep, by: 1 | -1): WizardStep {
  return STEPS.find((candidate) => candidate === step + by) ?? step;
}

export const STEP_TITLES: Record<WizardStep, string> = {
  1: 'Informações Pessoais',
  2: 'Informações da Empresa',
  3: 'Informações SUSEP',
  4: 'Informações Profissionais',
};

/** Everything the wizard's form holds: the onboarding schema's input (masked strings, dd/mm/aaaa, lists). */
export type WizardValues = v.InferInput<typeof BrokerProfileSchema>;

/** Choices start unchosen (undefined): the select shows 'Selecione…' and the schema asks for one. */
export const EMPTY_WIZARD: WizardValues = {
  name: '',
  email: '',
  phone: '',
  cpf: '',
  companyName: '',
  tradingName: '',
  cnpj: '',
  businessType: '',
  address: '',
  number: '',
  district: '',
  city: '',
  state: undefined,
  zipCode: '',
  complement: '',
  noComplement: false,
  susepNumber: '',
  susepExpiry: '',
  susepCategory: undefined,
  website: '',
  insuranceTypes: [],
  experience: undefined,
  monthlyPolicies: '',
};

/** A saved profile back into the form (restart and edit open pre-filled), or the account's e-mail/name to start. */
export function profileToWizard(
  profile: BrokerProfile | null | undefined,
  fallback: { name?: string | null; email?: string },
): WizardValues {
  if (!profile) return { ...EMPTY_WIZARD, name: fallback.name ?? '', email: fallback.email ?? '' };
  return {
    name: profile.name,
    email: profile.email,
    phone: formatPhone(profile.phone),
    cpf: formatCpf(profile.cpf),
    companyName: profile.companyName,
    tradingName: profile.tradingName,
    cnpj: formatCnpj(profile.cnpj),
    businessType: profile.businessType ?? '',
    address: profile.address,
    number: profile.number ?? '',
    district: profile.district ?? '',
    city: profile.city,
    state: profile.state,
    zipCode: formatCep(profile.zipCode),
    complement: profile.complement ?? '',
    noComplement: !profile.complement,
    susepNumber: formatSusep(profile.susepNumber),
    susepExpiry: formatDate(profile.susepExpiry),
    susepCategory: profile.susepCategory,
    website: profile.website ?? '',
    insuranceTypes: [...profile.insuranceTypes],
    experience: profile.experience,
    monthlyPolicies: profile.monthlyPolicies === null ? '' : String(profile.monthlyPolicies),
  };
}

/** The fields a step validates (the same lists the contracts step schemas check). */
export function stepFields(step: WizardStep): (keyof WizardValues)[] {
  return BROKER_STEP_FIELDS[step].filter((field): field is keyof WizardValues => Object.hasOwn(EMPTY_WIZARD, field));
}

/** The first step holding one of the invalid fields, so Finalizar can send the broker there. */
export function firstStepWithError(invalidFields: string[]): WizardStep | null {
  for (const step of [1, 2, 3, 4] as const) {
    if (stepFields(step).some((field) => invalidFields.includes(field))) return step;
  }
  return null;
}
