import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the WhatsApp Cloud API (Meta's Graph API), for the tests and the embedded
 * default (nothing reaches the internet): it takes sends (a text, a template, an uploaded document) and answers each with a
 * message id, lists the account's templates, and plays Meta's side of the webhook — a client's
 * message or a delivery status, signed with the app's secret (or forged).
 */
export interface StubTemplate {
  name: string;
  language: string;
  category: 'UTILITY' | 'MARKETING' | 'AUTHENTICATION';
  status: 'APPROVED' | 'PENDING' | 'REJECTED';
  body: string;
}

export interface StubSend {
  phoneNumberId: string;
  token: string;
  to: string;
  type: 'text' | 'template' | 'document';
  text?: string;
  /** A document sent: the file uploaded before it (its name, caption, SHA-256 and size as Meta got them). */
  document?: { filename?: string; caption?: string; mimeType: string; sha256: string; size: number };
  template?: string;
  /** A template's body parameters as sent (a named one with its name). */
  parameters?: { name?: string; text: string }[];
  id: string;
}

export const STUB_TEMPLATES: StubTemplate[] = [
  {
    name: 'lembrete_renovacao',
    language: 'pt_BR',
    category: 'UTILITY',
    status: 'APPROVED',
    body: 'Olá, {{nome}}! A sua apólice {{numero_apolice}} da {{seguradora}} vence em {{fim_vigencia}}. Vamos renovar?',
  },
  {
    name: 'retomar_conversa',
    language: 'pt_BR',
    category: 'UTILITY',
    status: 'APPROVED',
    body: 'Olá, {{1}}! Podemos continuar a nossa conversa?',
  },
  {
    name: 'comparativo_cotacoes',
    language: 'pt_BR',
    category: 'UTILITY',
    status: 'APPROVED',
    body: 'Olá, {{nome}}! O comparativo das cotações do seu seguro está em {{link}} (válido até {{validade}}).',
  },
  {
    name: 'parcela_em_atraso',
    language: 'pt_BR',
    category: 'UTILITY',
    status: 'APPROVED',
    body: 'Olá, {{nome}}! A parcela {{parcela}} da apólice {{numero_apolice}} ({{seguradora}}), de {{valor}}, venceu em {{vencimento}}.',
  },
  { name: 'oferta_seguro_vida', language: 'pt_BR', category: 'MARKETING', status: 'APPROVED', body: 'Conheça o nosso seguro de vida.' },
  { name: 'segunda_via_boleto', language: 'pt_BR', category: 'UTILITY', status: 'PENDING', body: 'Segue a segunda via do boleto.' },
];

export interface WhatsappStub {
  /** What WHATSAPP_API_URL is set to. */
  apiUrl: string;
  sent: StubSend[];
  /** The next `count` sends answer 500 (a provider outage). */
  failNext(count: number): void;
  /** A client's file Meta holds under `id` (what an inbound image, document or audio names). */
  addMedia(id: string, bytes: Buffer, mimeType: string): void;
  /** Meta's POST to the webhook: the body as Meta sends it, signed with `appSecret` (or a forged signature). */
  deliver(webhookUrl: string, appSecret: string, body: object, options?: { forged?: boolean }): Promise<Response>;
  close(): Promise<void>;
}

let sequence = 0;

/** What Meta's webhook POSTs: one change of the number's account, carrying `value`. */
function delivery(phoneNumberId: string, value: object) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'waba',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '551130000000', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/** A client's text message as Meta's webhook carries it. */
export function inboundText(phoneNumberId: string, from: string, text: string, options: { id?: string; name?: string; at?: Date } = {}) {
  return delivery(phoneNumberId, {
    contacts: [{ profile: { name: options.name ?? 'Cliente' }, wa_id: from }],
    messages: [
      {
        from,
        id: options.id ?? `wamid.inbound-${Date.now()}-${(sequence += 1)}`,
        timestamp: String(Math.floor((options.at ?? new Date()).getTime() / 1000)),
        type: 'text',
        text: { body: text },
      },
    ],
  });
}

/** A client's image, document or audio as Meta's webhook carries it: the file is Meta's `mediaId` (the stub's addMedia). */
export function inboundMedia(
  phoneNumberId: string,
  from: string,
  type: 'image' | 'document' | 'audio',
  file: { mediaId: string; mimeType: string; sha256?: string; filename?: string; caption?: string; id?: string },
) {
  return delivery(phoneNumberId, {
    contacts: [{ profile: { name: 'Cliente' }, wa_id: from }],
    messages: [
      {
        from,
        id: file.id ?? `wamid.inbound-${Date.now()}-${(sequence += 1)}`,
        timestamp: String(Math.floor(Date.now() / 1000)),
        type,
        [type]: {
          id: file.mediaId,
          mime_type: file.mimeType,
          ...(file.sha256 ? { sha256: file.sha256 } : {}),
          ...(file.filename ? { filename: file.filename } : {}),
          ...(file.caption ? { caption: file.caption } : {}),
        },
      },
    ],
  });
}

/** A delivery status of a message the brokerage sent. */
export function statusUpdate(phoneNumberId: string, messageId: string, status: 'sent' | 'delivered' | 'read' | 'failed') {
  return delivery(phoneNumberId, {
    statuses: [{ id: messageId, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: '5511987654321' }],
  });
}

export function signWebhook(raw: string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(raw, 'utf8').digest('hex')}`;
}

export async function startWhatsappStub(templates: StubTemplate[] = STUB_TEMPLATES): Promise<WhatsappStub> {
  const sent: StubSend[] = [];
  const media = new Map<string, { bytes: Buffer; mimeType: string }>();
  let failures = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = (status: number, body: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      // What was sent, for a journey that plays Meta's side afterwards (a delivery status names the message's id).
      if (req.method === 'GET' && req.url === '/_stub/sent') return answer(200, { sent });
      // A client's file for a journey that plays Meta's side: POST /_stub/media/{id} with its bytes and type.
      const stubMedia = /^\/_stub\/media\/([\w.-]{1,100})$/.exec(req.url ?? '');
      if (req.method === 'POST' && stubMedia) {
        media.set(stubMedia[1]!, { bytes: Buffer.concat(chunks), mimeType: req.headers['content-type'] ?? 'application/octet-stream' });
        return answer(201, { id: stubMedia[1] });
      }
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!token) return answer(401, { error: { message: 'Invalid OAuth access token.', code: 190 } });
      const parts = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
      // A client's file: where Meta keeps it (GET /{media-id}), then its bytes there (with the token, as Meta's host wants).
      const file = req.method === 'GET' ? media.get(parts.at(-1) ?? '') : undefined;
      if (file && parts.length === 1)
        return answer(200, {
          messaging_product: 'whatsapp',
          id: parts[0],
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/_media/${parts[0]}`,
          mime_type: file.mimeType,
          sha256: createHash('sha256').update(file.bytes).digest('hex'),
          file_size: file.bytes.length,
        });
      if (file && parts[0] === '_media') {
        res.writeHead(200, { 'content-type': file.mimeType, 'content-length': String(file.bytes.length) });
        return res.end(file.bytes);
      }
      if (req.method === 'GET' && parts[1] === 'message_templates')
        return answer(200, {
          data: templates.map((template) => ({
            name: template.name,
            language: template.language,
            category: template.category,
            status: template.status,
            components: [{ type: 'BODY', text: template.body }],
          })),
        });
      // A document's upload before its send (multipart, as Meta's POST /{phone-number-id}/media): its media id.
      if (req.method === 'POST' && parts[1] === 'media') {
        void new Response(Buffer.concat(chunks), { headers: { 'content-type': req.headers['content-type'] ?? '' } })
          .formData()
          .then(async (form) => {
            const file = form.get('file');
            if (form.get('messaging_product') !== 'whatsapp' || !(file instanceof Blob))
              return answer(400, { error: { message: 'Param file is required', code: 100 } });
            const id = `media-upload-${(sequence += 1)}`;
            media.set(id, { bytes: Buffer.from(await file.arrayBuffer()), mimeType: String(form.get('type') ?? file.type) });
            return answer(200, { id });
          })
          .catch(() => answer(400, { error: { message: 'Invalid multipart body', code: 100 } }));
        return;
      }
      if (req.method === 'POST' && parts[1] === 'messages') {
        if (failures > 0) {
          failures -= 1;
          return answer(500, { error: { message: 'Service temporarily unavailable', code: 2 } });
        }
        const payload = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
          to?: string;
          type?: 'text' | 'template' | 'document';
          text?: { body?: string };
          document?: { id?: string; filename?: string; caption?: string };
          template?: { name?: string; components?: { type?: string; parameters?: { text?: string; parameter_name?: string }[] }[] };
        };
        const parameters = payload.template?.components
          ?.find((component) => component.type === 'body')
          ?.parameters?.map((parameter) => ({
            ...(parameter.parameter_name ? { name: parameter.parameter_name } : {}),
            text: parameter.text ?? '',
          }));
        const uploaded = payload.type === 'document' ? media.get(payload.document?.id ?? '') : undefined;
        if (payload.type === 'document' && !uploaded) return answer(400, { error: { message: 'Invalid media id', code: 131053 } });
        const id = `wamid.stub-${Date.now()}-${(sequence += 1)}`;
        sent.push({
          ...(uploaded
            ? {
                document: {
                  filename: payload.document?.filename,
                  caption: payload.document?.caption,
                  mimeType: uploaded.mimeType,
                  sha256: createHash('sha256').update(uploaded.bytes).digest('hex'),
                  size: uploaded.bytes.length,
                },
              }
            : {}),
          phoneNumberId: parts[0]!,
          token,
          to: payload.to ?? '',
          type: payload.type ?? 'text',
          text: payload.text?.body,
          template: payload.template?.name,
          ...(parameters ? { parameters } : {}),
          id,
        });
        return answer(200, { messaging_product: 'whatsapp', contacts: [{ input: payload.to, wa_id: payload.to }], messages: [{ id }] });
      }
      return answer(404, { error: { message: 'Unknown path', code: 100 } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    failNext: (count) => {
      failures = count;
    },
    addMedia: (id, bytes, mimeType) => {
      media.set(id, { bytes, mimeType });
    },
    deliver: (webhookUrl, appSecret, body, options = {}) => {
      const raw = JSON.stringify(body);
      return fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': options.forged ? signWebhook(raw, `${appSecret}-forjado`) : signWebhook(raw, appSecret),
        },
        body: raw,
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
