import { PORTAL_OPERATIONS, type PortalSettings, type PortalSettingsInput } from '@corretora/contracts';
import { endClientSessionsOf, type InternalClient } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { tables } from '../../tables';

interface SettingsRow {
  enabled: boolean;
  email: boolean;
  whatsapp: boolean;
}

const DEFAULTS: SettingsRow = { enabled: false, email: true, whatsapp: false };

/** Per brokerage: the portal is off until an owner turns it on; its address is the privacy page's. */
export class PortalSettingsService {
  private readonly settings;

  constructor(
    private readonly knex: Knex,
    private readonly pipeline: InternalClient,
  ) {
    this.settings = tables.scoped(knex, 'portal_settings');
  }

  async row(userId: string): Promise<SettingsRow> {
    const row = (await this.settings.of(userId).rows().first('enabled', 'email', 'whatsapp')) as SettingsRow | undefined;
    return row ?? DEFAULTS;
  }

  async slug(userId: string): Promise<string> {
    return (await this.pipeline.call(PORTAL_OPERATIONS.brokerageSlug, { params: { userId } })).slug;
  }

  async get(userId: string): Promise<PortalSettings> {
    const [row, slug] = await Promise.all([this.row(userId), this.slug(userId)]);
    return answerOf(row, slug);
  }

  async save(userId: string, input: PortalSettingsInput): Promise<PortalSettings> {
    const values = { enabled: input.enabled, email: input.channels.email, whatsapp: input.channels.whatsapp };
    await this.settings
      .of(userId)
      .insert({ ...values, updatedAt: this.knex.fn.now() })
      .onConflict('user_id')
      .merge();
    // Off means off: the clients signed in now are signed out, not left reading until they idle out.
    if (!input.enabled) await endClientSessionsOf(this.knex, userId);
    return answerOf(values, await this.slug(userId));
  }
}

export function portalPath(slug: string): string {
  return `/cliente/${slug}`;
}

function answerOf(row: SettingsRow, slug: string): PortalSettings {
  return { enabled: row.enabled, channels: { email: row.email, whatsapp: row.whatsapp }, publicPath: portalPath(slug) };
}
