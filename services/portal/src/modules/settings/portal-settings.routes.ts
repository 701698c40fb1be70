import { PORTAL_OPERATIONS as OPS } from '@corretora/contracts';
import { route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { PortalSettingsService } from './portal-settings.service';

export function portalSettingsRoutes(router: Router, settings: PortalSettingsService): void {
  // Every member sees whether the portal is on (the ficha links to it); only an owner turns it on or off.
  route(router, OPS.settings, ({ user }) => settings.get(user.id));
  route(router, OPS.saveSettings, ({ user, body }) => settings.save(user.id, body));
}
