import type { ConversationCategory, WhatsappMessageKind } from '@corretora/contracts';
import type { CloudAccount } from './whatsapp-settings.service';
import type { Attachment } from './attachment';

/**
 * A message on its way out through the provider (#62): what it says, the template that carries it
 * outside the 24-hour window and how that template's parameters are filled, and what a failure says.
 */
export const SENT_FAILED_TASK =
  'O WhatsApp não aceitou a mensagem agora: ela ficou como falha no histórico do cliente e uma tarefa para reenviá-la está em Minhas tarefas.';
export const noLinkedTemplate = (name: string) =>
  `Já passaram 24 horas da última mensagem do cliente: ligue o modelo "${name}" a um modelo aprovado pela Meta em Configurações › WhatsApp para enviá-lo agora.`;
export const needsPolicy = (template: string, variable: string) =>
  `O modelo "${template}" pede {{${variable}}}: envie-o pela ficha do cliente (Histórico e WhatsApp), que preenche os dados da apólice.`;
export const unknownVariable = (template: string, variable: string) =>
  `O modelo "${template}" da Meta usa a variável {{${variable}}}, que este modelo de mensagem não preenche: ligue outro em Configurações › WhatsApp.`;

/** A message template filled for a contact, to go through the provider (the ficha's WhatsApp, the renewal centre's reminder). */
export interface TemplatedSend {
  contactId: number;
  /** Its link in Configurações › WhatsApp: a message template's id as text, or an automation's name. */
  link: string;
  /** The message as the template rendered it (what goes inside the window). */
  text: string;
  /** Its variables' values, and their order of appearance (a Meta template's positional parameters follow it). */
  values: Readonly<Record<string, string>>;
  order: readonly string[];
  /** What a failed send's task says. */
  failure: { templateName: string; contactName: string };
  /** A document that goes with the text inside the window (the text its caption); outside it, the template's words only. */
  document?: Attachment;
}

export interface Outgoing {
  kind: WhatsappMessageKind;
  text: string;
  templateName: string | null;
  category: ConversationCategory;
}

/** A message checked and ready for the provider: where it goes, what it says, the template that carries it. */
export interface PreparedSend {
  conversationId: number;
  contactId: number;
  account: CloudAccount;
  to: string;
  outgoing: Outgoing;
  template?: { name: string; language: string; parameters?: { name?: string; text: string }[] };
  /** A document going with the reply (its text is the caption), kept in the store beside the message. */
  document?: Attachment;
  /** Set for a template's send (the ficha, an automation): a failure becomes a task. */
  failure?: TemplatedSend['failure'];
}

const PLACEHOLDER = /\{\{\s*([a-z_][a-z0-9_]*|\d{1,2})\s*\}\}/g;

/**
 * A Meta template's body filled from a message template's variables: a named parameter
 * (`{{nome}}`) by its name, a positional one (`{{1}}`) by the message template's variables in the
 * order they appear. Null when the body asks for one the CRM does not have.
 */
export function fillProviderTemplate(
  body: string,
  values: Readonly<Record<string, string>>,
  order: readonly string[],
): { text: string; parameters: { name?: string; text: string }[] } | { missing: string } {
  const found = new Map<string, { position: number; parameter: { name?: string; text: string } }>();
  for (const match of body.matchAll(PLACEHOLDER)) {
    const key = match[1]!;
    if (found.has(key)) continue;
    const positional = /^\d+$/.test(key);
    const value = positional ? values[order[Number(key) - 1] ?? ''] : values[key];
    if (value === undefined) return { missing: key };
    // Meta takes positional parameters by number ({{1}} first), named ones in any order.
    found.set(key, {
      position: positional ? Number(key) : found.size,
      parameter: positional ? { text: value } : { name: key, text: value },
    });
  }
  const parameters = [...found.values()].sort((a, b) => a.position - b.position).map((entry) => entry.parameter);
  const text = body.replace(PLACEHOLDER, (_, key: string) => (/^\d+$/.test(key) ? values[order[Number(key) - 1]!] : values[key]) ?? '');
  return { text, parameters };
}
