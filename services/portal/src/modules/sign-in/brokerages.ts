import { BROKER_OPERATIONS, PORTAL_CLOSED, PORTAL_OPERATIONS, type PortalBrokerage } from '@corretora/contracts';
import { HttpError, type InternalClient } from '@corretora/service-kit';
import type { PortalSettingsService } from '../settings/portal-settings.service';

/** How long a replica keeps a brokerage's name and logo for the portal's pages. */
const PAGE_CACHE_MS = 30_000;

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
  /** Each brokerage's name and logo as every page shows them, kept PAGE_CACHE_MS (a logo changed shows within it). */
  private readonly pages = new Map<string, { at: number; page: Promise<PortalBrokerage> }>();

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
  page(portal: OpenPortal): Promise<PortalBrokerage> {
    const key = `${portal.userId} ${portal.slug} ${portal.channels.email} ${portal.channels.whatsapp}`;
    const cached = this.pages.get(key);
    if (cached && Date.now() - cached.at < PAGE_CACHE_MS) return cached.page;
    if (this.pages.size > 1_000) this.pages.clear();
    const page = this.readPage(portal);
    this.pages.set(key, { at: Date.now(), page });
    page.catch(() => this.pages.delete(key));
    return page;
  }

  private async readPage(portal: OpenPortal): Promise<PortalBrokerage> {
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
