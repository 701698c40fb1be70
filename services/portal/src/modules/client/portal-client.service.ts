import {
  PORTAL_OPERATIONS,
  PORTAL_REQUEST_LABELS,
  PORTAL_SIGNED_OUT,
  formatCnpj,
  formatCpf,
  type PortalBrokerage,
  type PortalChangeRequestInput,
  type PortalClientRecord,
  type PortalMe,
  type PortalPrivacyInput,
} from '@corretora/contracts';
import { HttpError, type ClientSession, type InternalClient } from '@corretora/service-kit';
import type { PortalBrokerages } from '../sign-in/brokerages';

/** '***.456.789-**': the document as the portal shows it back. */
export function maskedDocument(document: string): string {
  const shown = document.length === 11 ? formatCpf(document) : formatCnpj(document);
  return shown.replace(/[0-9A-Z]/g, (char, index: number) => (index >= 4 && index < shown.length - 3 ? char : '*'));
}

export function meOf(brokerage: PortalBrokerage, document: string, record: PortalClientRecord): PortalMe {
  const { contactIds: _ids, contactId: _id, ...held } = record;
  return { ...held, brokerage, document: maskedDocument(document) };
}

/** What a signed-in client reads of themselves and asks for: each ask a task and a timeline entry in the pipeline. */
export class PortalClientService {
  constructor(
    private readonly pipeline: InternalClient,
    private readonly brokerages: PortalBrokerages,
  ) {}

  /** The portal as the client signed in to it: a portal turned off since ends what they can do. */
  private async portal(client: ClientSession) {
    const portal = await this.brokerages.openFor(client.userId);
    if (!portal) throw new HttpError(401, PORTAL_SIGNED_OUT);
    return portal;
  }

  /** The page, the portal's switch and who the client is, asked at once (the first page waits on it). */
  async me(client: ClientSession): Promise<PortalMe> {
    const [page, record] = await Promise.all([
      this.portal(client).then((portal) => this.brokerages.page(portal)),
      this.pipeline.call(PORTAL_OPERATIONS.client, { params: { userId: client.userId }, body: { document: client.document } }),
    ]);
    if (!record) throw new HttpError(401, PORTAL_SIGNED_OUT);
    return meOf(page, client.document, record);
  }

  async requestChange(client: ClientSession, input: PortalChangeRequestInput): Promise<{ message: string }> {
    await this.portal(client);
    const label = PORTAL_REQUEST_LABELS[input.kind];
    await this.pipeline.call(PORTAL_OPERATIONS.clientTask, {
      params: { userId: client.userId },
      body: { contactId: client.contactId, title: `Pedido pelo portal: ${label} (${client.name})`, text: input.text, event: 'change' },
    });
    return { message: 'Pedido enviado. A corretora vai retornar em breve.' };
  }

  async privacy(client: ClientSession, input: PortalPrivacyInput): Promise<{ message: string; protocol: string }> {
    await this.portal(client);
    const { protocol } = await this.pipeline.call(PORTAL_OPERATIONS.clientPrivacy, {
      params: { userId: client.userId },
      body: { document: client.document, type: input.type, note: input.note },
    });
    return { message: `Pedido registrado com o protocolo ${protocol}. A corretora responde em até 15 dias.`, protocol };
  }
}
