import type { TemplateCategory, WhatsappTemplate } from '@corretora/contracts';

/** Meta's Graph API, where the Cloud API lives; WHATSAPP_API_URL points the service at another (tests: a local stub). */
export const DEFAULT_WHATSAPP_API_URL = 'https://graph.facebook.com/v21.0';
const TIMEOUT_MS = 5_000;

export interface CloudCredentials {
  phoneNumberId: string;
  token: string;
}

/** What the provider answered a send with: its message id (statuses arrive by webhook under it). */
export interface SentMessage {
  providerMessageId: string;
}

export class ProviderError extends Error {}

type SyncedTemplate = Omit<WhatsappTemplate, 'id'>;

const CATEGORIES: Record<string, TemplateCategory> = { UTILITY: 'utility', MARKETING: 'marketing', AUTHENTICATION: 'authentication' };
const STATUSES: Record<string, WhatsappTemplate['status']> = { APPROVED: 'approved', PENDING: 'pending', REJECTED: 'rejected' };

/**
 * The WhatsApp Business Platform's Cloud API, called by the server only: a text inside the window, a
 * template outside it, the templates Meta approved. Every call has a timeout; an error is a
 * ProviderError (the caller answers a pt-BR 502 and keeps the message as failed).
 */
export class CloudApi {
  constructor(private readonly baseUrl: string) {}

  sendText(credentials: CloudCredentials, to: string, text: string): Promise<SentMessage> {
    return this.send(credentials, { messaging_product: 'whatsapp', to, type: 'text', text: { body: text, preview_url: false } });
  }

  /** A template, its body's parameters filled (a named one carries its name, as Meta's named parameters do). */
  sendTemplate(
    credentials: CloudCredentials,
    to: string,
    template: { name: string; language: string; parameters?: readonly { name?: string; text: string }[] },
  ): Promise<SentMessage> {
    const parameters = (template.parameters ?? []).map((parameter) => ({
      type: 'text',
      text: parameter.text,
      ...(parameter.name ? { parameter_name: parameter.name } : {}),
    }));
    return this.send(credentials, {
      messaging_product: 'whatsapp',
      to,
      type: 'template',
      template: {
        name: template.name,
        language: { code: template.language },
        ...(parameters.length > 0 ? { components: [{ type: 'body', parameters }] } : {}),
      },
    });
  }

  /** The templates of the WhatsApp Business Account the number belongs to. */
  async templates(credentials: CloudCredentials & { businessAccountId: string }): Promise<SyncedTemplate[]> {
    const body = await this.call(
      credentials,
      `/${encodeURIComponent(credentials.businessAccountId)}/message_templates?limit=250`,
      undefined,
    );
    const data = typeof body === 'object' && body !== null && 'data' in body && Array.isArray(body.data) ? (body.data as unknown[]) : [];
    return data.flatMap((entry) => {
      if (typeof entry !== 'object' || entry === null) return [];
      const { name, language, category, status, components } = entry as Record<string, unknown>;
      const text = Array.isArray(components)
        ? components.find((part: unknown) => typeof part === 'object' && part !== null && (part as { type?: unknown }).type === 'BODY')
        : undefined;
      if (typeof name !== 'string' || typeof language !== 'string') return [];
      const mapped = CATEGORIES[String(category)];
      const state = STATUSES[String(status)] ?? 'pending';
      if (!mapped) return [];
      return [
        {
          name: name.slice(0, 512),
          language: language.slice(0, 20),
          category: mapped,
          status: state,
          body:
            typeof (text as { text?: unknown } | undefined)?.text === 'string'
              ? String((text as { text: string }).text).slice(0, 4096)
              : '',
        },
      ];
    });
  }

  private async send(credentials: CloudCredentials, payload: object): Promise<SentMessage> {
    const body = await this.call(credentials, `/${encodeURIComponent(credentials.phoneNumberId)}/messages`, payload);
    const id =
      typeof body === 'object' && body !== null && 'messages' in body && Array.isArray(body.messages)
        ? (body.messages[0] as { id?: unknown } | undefined)?.id
        : undefined;
    if (typeof id !== 'string' || id.length > 200) throw new ProviderError('the provider answered no message id');
    return { providerMessageId: id };
  }

  private async call(credentials: CloudCredentials, path: string, payload: object | undefined): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method: payload ? 'POST' : 'GET',
        headers: { Authorization: `Bearer ${credentials.token}`, ...(payload ? { 'Content-Type': 'application/json' } : {}) },
        body: payload ? JSON.stringify(payload) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProviderError(`the provider did not answer: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok) throw new ProviderError(`the provider answered ${response.status}: ${text.slice(0, 300)}`);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ProviderError('the provider answered something that is not JSON');
    }
  }
}
