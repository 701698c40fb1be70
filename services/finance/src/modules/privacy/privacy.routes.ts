import { PRIVACY_OPERATIONS as OPS } from '@corretora/contracts';
import { route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { PrivacyService } from './privacy.service';

/** Finance's part of a data subject's request (the internal listener only: the pipeline answers the request). */
export function privacyRoutes(router: Router, privacy: PrivacyService): void {
  route(router, OPS.financeExport, ({ params, body }) => privacy.exportOf(params.userId, body.contactIds));
  route(router, OPS.financeErase, ({ params, body }) => privacy.erase(params.userId, body.contactIds, body.today, body.terms));
}
