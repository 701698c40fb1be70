/**
 * Keeping the clients: interactions logged with a contact, the contact's timeline, consent per
 * purpose and the WhatsApp message templates. Constants and pure helpers only (no valibot), so a
 * screen that shows a label carries no schema.
 */
import { isValidCpf } from '../br/cpf';

/** What the broker logs: a call, a WhatsApp, an e-mail, a meeting. */
export const INTERACTION_TYPES = [
  { value: 'ligacao', label: 'Ligação' },
  { value: 'whatsapp', label: 'WhatsApp' },
  { value: 'email', label: 'E-mail' },
  { value: 'reuniao', label: 'Reunião' },
] as const;
export type InteractionType = (typeof INTERACTION_TYPES)[number]['value'];
export const INTERACTION_NOTE_MAX = 2000;

/** What a contact agreed to receive: service messages (renewals, claims) and marketing. */
export const CONSENT_PURPOSES = [
  { value: 'servico', label: 'Serviço' },
  { value: 'marketing', label: 'Marketing' },
] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number]['value'];

/** The variables a template may use, written {nome} in its text. */
export const TEMPLATE_VARIABLES = [
  { value: 'nome', label: 'Nome do cliente' },
  { value: 'numero_apolice', label: 'Número da apólice' },
  { value: 'fim_vigencia', label: 'Fim de vigência' },
  { value: 'seguradora', label: 'Seguradora' },
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number]['value'];
export const TEMPLATE_NAME_MAX = 60;
export const TEMPLATE_BODY_MAX = 1000;
export const MAX_TEMPLATES = 30;

/**
 * A lead's first message: the other defaults need a policy or marketing consent, so a new
 * lead could receive none. Answering the quote the person asked for is service (the preliminary
 * steps of a contract, LGPD art. 7, V), never marketing.
 */
export const FIRST_CONTACT_TEMPLATE = {
  name: 'Primeiro contato',
  purpose: 'servico',
  body: 'Olá, {nome}! Recebemos o seu pedido de cotação de seguro. Posso te fazer algumas perguntas para preparar as melhores opções para você?',
} as const satisfies { name: string; purpose: ConsentPurpose; body: string };

/** What a new brokerage starts with (editable in Configurações). */
export const DEFAULT_TEMPLATES: readonly { name: string; purpose: ConsentPurpose; body: string }[] = [
  FIRST_CONTACT_TEMPLATE,
  {
    name: 'Renovação',
    purpose: 'servico',
    body: 'Olá, {nome}! A sua apólice {numero_apolice} da {seguradora} vence em {fim_vigencia}. Posso preparar a renovação para você?',
  },
  {
    name: 'Boas-vindas',
    purpose: 'servico',
    body: 'Olá, {nome}! Obrigado pela confiança. A sua apólice {numero_apolice} da {seguradora} já está ativa. Conte comigo para o que precisar.',
  },
  {
    name: 'Novidades',
    purpose: 'marketing',
    body: 'Olá, {nome}! Temos condições especiais de seguro residencial e de vida para clientes. Quer que eu prepare uma cotação?',
  },
];

const VARIABLE = /\{([a-z_]+)\}/g;

/** The variables a template's text uses (known or not). */
export function templateVariables(body: string): string[] {
  return [...new Set([...body.matchAll(VARIABLE)].map((match) => match[1]!))];
}

/** The text with each {variable} replaced by its value. */
export function renderTemplate(body: string, values: Partial<Record<TemplateVariable, string>>): string {
  return body.replace(VARIABLE, (whole, name: string) => values[name as TemplateVariable] ?? whole);
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * What a template must never carry (a message leaves our control): a CPF (valid check digits,
 * formatted or not) or a payment card number (13 to 19 digits, spaced or dashed, passing Luhn).
 */
export function sensitiveInTemplate(body: string): 'cpf' | 'card' | null {
  for (const match of body.matchAll(/\d(?:[\d .-]*\d)?/g)) {
    const digits = match[0].replace(/\D/g, '');
    if (digits.length === 11 && isValidCpf(digits)) return 'cpf';
    if (digits.length >= 13 && digits.length <= 19 && passesLuhn(digits)) return 'card';
  }
  return null;
}

/** What the brokerage sends a client from a deal (the timeline keeps each send). */
export const SENT_WHATS = ['comparison', 'disclosure'] as const;
export type SentWhat = (typeof SENT_WHATS)[number];
/** How it went: by e-mail, a WhatsApp link the broker opens, or downloaded to hand over. */
export const SENT_CHANNELS = [
  { value: 'email', label: 'e-mail' },
  { value: 'whatsapp', label: 'WhatsApp' },
  { value: 'download', label: 'PDF baixado' },
] as const;
export type SentChannel = (typeof SENT_CHANNELS)[number]['value'];

/** A sent entry as the timeline says it: 'Informe CNSP 382 … (e-mail) · SHA-256 3f2a…'. */
export function sentEntryText(entry: { text: string; channel: SentChannel; sha256: string | null }): string {
  const channel = SENT_CHANNELS.find((option) => option.value === entry.channel)?.label ?? entry.channel;
  return `${entry.text} (${channel})${entry.sha256 ? ` · SHA-256 ${entry.sha256}` : ''}`;
}

/** What a client did on the portal (#61), as their timeline keeps it. */
export const PORTAL_EVENTS = [
  { value: 'claim', label: 'Sinistro avisado pelo cliente no portal' },
  { value: 'change', label: 'Alteração pedida pelo cliente no portal' },
  { value: 'privacy', label: 'Pedido LGPD feito pelo cliente no portal' },
  { value: 'access', label: 'Acesso do cliente ao portal' },
] as const;
export type PortalEvent = (typeof PORTAL_EVENTS)[number]['value'];

/** A portal entry as the timeline says it: 'Alteração pedida pelo cliente no portal: Novo endereço …'. */
export function portalEntryText(entry: { event: PortalEvent; text: string }): string {
  const label = PORTAL_EVENTS.find((option) => option.value === entry.event)?.label ?? 'Pelo portal do cliente';
  return entry.text ? `${label}: ${entry.text}` : label;
}
