import { PORTAL_OPERATIONS as OPS } from '@corretora/contracts';
import { route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { PrivacyNoticeService } from '../privacy/privacy-notice.service';
import type { PortalService } from './portal.service';

/** The portal service's reads and writes of the pipeline (internal listener only). */
export function internalPortalRoutes(router: Router, portal: PortalService, notice: PrivacyNoticeService): void {
  route(router, OPS.brokerageBySlug, ({ params }) => notice.brokerageOf(params.brokerage));
  route(router, OPS.brokerageSlug, ({ params }) => notice.slugOf(params.userId));
  route(router, OPS.client, ({ params, body }) => portal.client(params.userId, body.document));
  route(router, OPS.contactCard, ({ params }) => portal.card(params.userId, params.id));
  route(router, OPS.clientTask, ({ params, body }) => portal.task(params.userId, body));
  route(router, OPS.clientPrivacy, ({ params, body }) => portal.privacy(params.userId, body));
}
