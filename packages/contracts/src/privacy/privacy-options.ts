/**
 * The client's data rights (LGPD): the kinds of request, their states and channels, the legal
 * bases the product records, and the answer's deadline. Constants and pure helpers only (no
 * valibot), so a screen that shows a label carries no schema.
 */
import type { Option } from '../vocabulary/broker-options';

/** What a data subject may ask (LGPD art. 18). */
export const PRIVACY_REQUEST_TYPES = ['access', 'correction', 'deletion', 'portability', 'revocation'] as const;
export type PrivacyRequestType = (typeof PRIVACY_REQUEST_TYPES)[number];
export const PRIVACY_REQUEST_TYPE_OPTIONS: readonly Option<PrivacyRequestType>[] = [
  { value: 'access', label: 'Acesso aos dados' },
  { value: 'correction', label: 'Correção' },
  { value: 'deletion', label: 'Eliminação' },
  { value: 'portability', label: 'Portabilidade' },
  { value: 'revocation', label: 'Revogação do consentimento' },
];

export const PRIVACY_REQUEST_STATES = ['open', 'in_progress', 'answered', 'refused'] as const;
export type PrivacyRequestState = (typeof PRIVACY_REQUEST_STATES)[number];
export const PRIVACY_REQUEST_STATE_OPTIONS: readonly Option<PrivacyRequestState>[] = [
  { value: 'open', label: 'Aberto' },
  { value: 'in_progress', label: 'Em andamento' },
  { value: 'answered', label: 'Respondido' },
  { value: 'refused', label: 'Recusado' },
];

/** How the request came in; 'form' is the brokerage's public privacy page (only it files those). */
export const PRIVACY_CHANNELS = ['email', 'whatsapp', 'phone', 'in_person', 'letter', 'form'] as const;
export type PrivacyChannel = (typeof PRIVACY_CHANNELS)[number];
export const PRIVACY_CHANNEL_OPTIONS: readonly Option<PrivacyChannel>[] = [
  { value: 'email', label: 'E-mail' },
  { value: 'whatsapp', label: 'WhatsApp' },
  { value: 'phone', label: 'Telefone' },
  { value: 'in_person', label: 'Presencial' },
  { value: 'letter', label: 'Carta' },
  { value: 'form', label: 'Formulário da página de privacidade' },
];

/** Who the subject is: one of a CPF, a CNPJ or an e-mail. */
export const PRIVACY_SUBJECT_KINDS = ['cpf', 'cnpj', 'email'] as const;
export type PrivacySubjectKind = (typeof PRIVACY_SUBJECT_KINDS)[number];
export const PRIVACY_SUBJECT_KIND_OPTIONS: readonly Option<PrivacySubjectKind>[] = [
  { value: 'cpf', label: 'CPF' },
  { value: 'cnpj', label: 'CNPJ' },
  { value: 'email', label: 'E-mail' },
];

/**
 * The legal bases the product's processing rests on: LGPD art. 7 for personal data, art. 11 for
 * sensitive data (health, in life and health insurance), which art. 7's bases cannot cover.
 */
export const LEGAL_BASES = [
  'consent',
  'contract',
  'legal_obligation',
  'legitimate_interest',
  'credit_protection',
  'rights_exercise',
  'sensitive_consent',
  'sensitive_contract_rights',
  'sensitive_legal_obligation',
] as const;
export type LegalBasis = (typeof LEGAL_BASES)[number];
export const LEGAL_BASIS_OPTIONS: readonly Option<LegalBasis>[] = [
  { value: 'consent', label: 'Consentimento (LGPD art. 7º, I)' },
  { value: 'legal_obligation', label: 'Cumprimento de obrigação legal ou regulatória (art. 7º, II)' },
  { value: 'contract', label: 'Execução de contrato (art. 7º, V)' },
  { value: 'rights_exercise', label: 'Exercício regular de direitos (art. 7º, VI)' },
  { value: 'legitimate_interest', label: 'Legítimo interesse (art. 7º, IX)' },
  { value: 'credit_protection', label: 'Proteção do crédito (art. 7º, X)' },
  { value: 'sensitive_consent', label: 'Dado sensível: consentimento específico e destacado (art. 11, I)' },
  { value: 'sensitive_legal_obligation', label: 'Dado sensível: obrigação legal ou regulatória (art. 11, II, a)' },
  { value: 'sensitive_contract_rights', label: 'Dado sensível: exercício regular de direitos, inclusive em contrato (art. 11, II, d)' },
];
// Literals, not derived: a bundle that names neither drops them (a top-level call would stay in every bundle of the barrel).
export const LEGAL_BASIS_LABELS: Readonly<Record<LegalBasis, string>> = {
  consent: 'Consentimento (LGPD art. 7º, I)',
  legal_obligation: 'Cumprimento de obrigação legal ou regulatória (art. 7º, II)',
  contract: 'Execução de contrato (art. 7º, V)',
  rights_exercise: 'Exercício regular de direitos (art. 7º, VI)',
  legitimate_interest: 'Legítimo interesse (art. 7º, IX)',
  credit_protection: 'Proteção do crédito (art. 7º, X)',
  sensitive_consent: 'Dado sensível: consentimento específico e destacado (art. 11, I)',
  sensitive_legal_obligation: 'Dado sensível: obrigação legal ou regulatória (art. 11, II, a)',
  sensitive_contract_rights: 'Dado sensível: exercício regular de direitos, inclusive em contrato (art. 11, II, d)',
};

/** The legal basis each consent purpose records: service messages serve the contract; marketing needs consent. */
export const CONSENT_LEGAL_BASIS = { servico: 'contract', marketing: 'consent' } as const satisfies Record<string, LegalBasis>;

/** A full access request must be answered within 15 days (LGPD art. 19, II). */
export const PRIVACY_DUE_DAYS = 15;
/** Insurance records are kept 5 years after the policy ends (Circular SUSEP 605/2020). */
export const PRIVACY_RETENTION_YEARS = 5;

/** A request's urgency by the days since it came in: amber from day 10, red from day 13 (none once answered or refused). */
export type PrivacyUrgency = 'ok' | 'amber' | 'red';
export function privacyUrgency(state: PrivacyRequestState, elapsedDays: number): PrivacyUrgency {
  if (state === 'answered' || state === 'refused') return 'ok';
  if (elapsedDays >= 13) return 'red';
  if (elapsedDays >= 10) return 'amber';
  return 'ok';
}

/** The public page's address part: lower-case letters, digits and single hyphens, 3 to 60 characters. */
export const PRIVACY_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){2,59}$/;

/** A brokerage's name as its privacy page's address ('Corretora São João Ltda.' → 'corretora-sao-joao-ltda'). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/g, '');
  return slug.length >= 3 ? slug : `corretora-${slug || 'privacidade'}`;
}
