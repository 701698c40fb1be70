import type { TemplateCategory, WhatsappTemplate } from '@corretora/contracts';

/** Meta's Graph API, where the Cloud API lives; WHATSAPP_API_URL points the service at another (tests: a local stub). */
export const DEFAULT_WHATSAPP_API_URL = 'https://graph.facebook.com/v21.0';
const TIMEOUT_MS = 5_000;
/** A file of up to 100 MB (Meta's own limit for a document) from Meta's media host. */
const MEDIA_TIMEOUT_MS = 120_000;

export interface CloudCredentials {
  phoneNumberId: string;
  token: string;
}

/** What the provider answered a send with: its message id (statuses arrive by webhook under it). */
export interface SentMessage {
  providerMessageId: string;
}

export class ProviderError extends Error {}
/** A client's file larger than the product keeps (it stays on the client's WhatsApp). */
export class MediaTooLarge extends Error {}

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

  /** A document to the client: uploaded to Meta first (POST /{phone-number-id}/media), then sent by its media id. */
  async sendDocument(
    credentials: CloudCredentials,
    to: string,
    file: { bytes: Buffer; name: string; mimeType: string; caption?: string },
  ): Promise<SentMessage> {
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', file.mimeType);
    form.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.mimeType }), file.name);
    const uploaded = await this.call(credentials, `/${encodeURIComponent(credentials.phoneNumberId)}/media`, form, MEDIA_TIMEOUT_MS);
    const mediaId = typeof uploaded === 'object' && uploaded !== null ? (uploaded as { id?: unknown }).id : undefined;
    if (typeof mediaId !== 'string' || mediaId.length > 200) throw new ProviderError('the provider answered no media id');
    return this.send(credentials, {
      messaging_product: 'whatsapp',
      to,
      type: 'document',
      document: { id: mediaId, filename: file.name, ...(file.caption ? { caption: file.caption } : {}) },
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

  /** Where Meta keeps a client's file for a few minutes, and what it says of it (GET /{media-id}). */
  async mediaInfo(credentials: CloudCredentials, mediaId: string): Promise<{ url: string; size: number | null; sha256: string | null }> {
    const body = await this.call(credentials, `/${encodeURIComponent(mediaId)}`, undefined);
    const { url, file_size: size, sha256 } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    if (typeof url !== 'string') throw new ProviderError('the provider answered no media url');
    return {
      url,
      size: typeof size === 'number' && Number.isFinite(size) ? size : null,
      sha256: typeof sha256 === 'string' ? sha256 : null,
    };
  }

  /**
   * A client's file from Meta's address, with the token (Meta's media URLs want it), refused past
   * `max` bytes while it arrives. Only Meta's hosts (or the configured API's, a stub's in tests) are
   * fetched: the address comes from an answer, and the server reaches nothing else with the token.
   */
  async download(credentials: CloudCredentials, url: string, max: number): Promise<Buffer> {
    let address: URL;
    try {
      address = new URL(url);
    } catch {
      throw new ProviderError('the provider answered a media url that is not one');
    }
    const own = new URL(this.baseUrl).origin === address.origin;
    const meta = address.protocol === 'https:' && /(^|\.)(fbsbx\.com|facebook\.com|whatsapp\.net)$/.test(address.hostname);
    if (!own && !meta) throw new ProviderError(`the media url is not Meta's: ${address.hostname}`);
    let response: Response;
    try {
      response = await fetch(address, {
        headers: { Authorization: `Bearer ${credentials.token}` },
        signal: AbortSignal.timeout(MEDIA_TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (error) {
      throw new ProviderError(`the media did not arrive: ${(error as Error).message}`);
    }
    if (!response.ok || !response.body) throw new ProviderError(`the media answered ${response.status}`);
    const chunks: Buffer[] = [];
    let size = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel();
        throw new MediaTooLarge();
      }
      chunks.push(Buffer.from(value));
    }
    return Buffer.concat(chunks);
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

  /** A GET, or a POST of JSON or of a form (a file); its JSON answer. */
  private async call(credentials: CloudCredentials, path: string, payload: object | undefined, timeoutMs = TIMEOUT_MS): Promise<unknown> {
    const json = payload !== undefined && !(payload instanceof FormData);
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method: payload ? 'POST' : 'GET',
        headers: { Authorization: `Bearer ${credentials.token}`, ...(json ? { 'Content-Type': 'application/json' } : {}) },
        body: payload instanceof FormData ? payload : payload ? JSON.stringify(payload) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
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
