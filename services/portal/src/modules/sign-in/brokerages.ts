import { BROKER_OPERATIONS, PORTAL_CLOSED, PORTAL_OPERATIONS, type PortalBrokerage } from '@corretora/contracts';
import { HttpError, type InternalClient } from '@corretora/service-kit';
import type { PortalSettingsService } from '../settings/portal-settings.service';

/** A brokerage whose portal is on, found by its public address. */
export interface OpenPortal {
  userId: string;
  slug: string;
  channels: { email: boolean; whatsapp: boolean };
}

/**
 * The brokerage behind a portal's address: an address nobody has and a portal that is off are the
 * same 404 (nobody learns which brokerages exist but keep it off).
 */
export class PortalBrokerages {
  constructor(
    private readonly settings: PortalSettingsService,
    private readonly pipeline: InternalClient,
    private readonly broker: InternalClient,
  ) {}

  async open(slug: string): Promise<OpenPortal> {
    const found = await this.pipeline.call(PORTAL_OPERATIONS.brokerageBySlug, { params: { brokerage: slug } }).catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 404) throw new HttpError(404, PORTAL_CLOSED);
      throw error;
    });
    const row = await this.settings.row(found.userId);
    if (!row.enabled) throw new HttpError(404, PORTAL_CLOSED);
    return { userId: found.userId, slug: found.slug, channels: { email: row.email, whatsapp: row.whatsapp } };
  }

  /** The brokerage's name and logo, as every page of the portal shows them. */
  async page(portal: OpenPortal): Promise<PortalBrokerage> {
    const [{ name }, logo] = await Promise.all([
      this.broker.call(BROKER_OPERATIONS.brokerageName, { params: { userId: portal.userId } }),
      this.broker.call(BROKER_OPERATIONS.brokerageLogo, { params: { userId: portal.userId } }),
    ]);
    return {
      slug: portal.slug,
      name: name ?? 'Corretora de seguros',
      logoUrl: logo ? `/api/portal/${portal.slug}/logo` : null,
      channels: portal.channels,
    };
  }

  async logo(portal: OpenPortal): Promise<{ contentType: string; bytes: Buffer }> {
    const logo = await this.broker.call(BROKER_OPERATIONS.brokerageLogo, { params: { userId: portal.userId } });
    if (!logo) throw new HttpError(404, 'Logotipo não encontrado.');
    return { contentType: logo.contentType, bytes: Buffer.from(logo.data, 'base64') };
  }
}
