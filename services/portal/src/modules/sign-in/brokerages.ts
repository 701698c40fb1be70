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

/** A signed-in client's brokerage (its address not needed to serve them). */
export type ClientPortal = Omit<OpenPortal, 'slug'>;

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

  /**
   * A signed-in client's brokerage, found by the session's brokerage (no lookup of its address): null
   * when its portal was turned off since.
   */
  async openFor(userId: string): Promise<ClientPortal | null> {
    const row = await this.settings.row(userId);
    return row.enabled ? { userId, channels: { email: row.email, whatsapp: row.whatsapp } } : null;
  }

  /** The brokerage's name and logo, as every page of the portal shows them (its address asked for when not known). */
  page(portal: OpenPortal | ClientPortal): Promise<PortalBrokerage> {
    const slug = 'slug' in portal ? portal.slug : '';
    const key = `${portal.userId} ${slug} ${portal.channels.email} ${portal.channels.whatsapp}`;
    const cached = this.pages.get(key);
    if (cached && Date.now() - cached.at < PAGE_CACHE_MS) return cached.page;
    if (this.pages.size > 1_000) this.pages.clear();
    const page = this.readPage(portal);
    this.pages.set(key, { at: Date.now(), page });
    page.catch(() => this.pages.delete(key));
    return page;
  }

  private async readPage(portal: OpenPortal | ClientPortal): Promise<PortalBrokerage> {
    const [slug, { name }, logo] = await Promise.all([
      'slug' in portal ? portal.slug : this.settings.slug(portal.userId),
      this.broker.call(BROKER_OPERATIONS.brokerageName, { params: { userId: portal.userId } }),
      this.broker.call(BROKER_OPERATIONS.brokerageLogo, { params: { userId: portal.userId } }),
    ]);
    return {
      slug,
      name: name ?? 'Corretora de seguros',
      logoUrl: logo ? `/api/portal/${slug}/logo` : null,
      channels: portal.channels,
    };
  }

  async logo(portal: OpenPortal): Promise<{ contentType: string; bytes: Buffer }> {
    const logo = await this.broker.call(BROKER_OPERATIONS.brokerageLogo, { params: { userId: portal.userId } });
    if (!logo) throw new HttpError(404, 'Logotipo não encontrado.');
    return { contentType: logo.contentType, bytes: Buffer.from(logo.data, 'base64') };
  }
}
