import { TEAM_OPERATIONS as OPS } from '@corretora/contracts';
import { route, sendCsv } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { AuditService } from './audit.service';

export function auditRoutes(router: Router, audit: AuditService): void {
  route(router, OPS.audit, async ({ user, query }) => ({ entries: await audit.list(user.id, query) }));
  route(router, OPS.auditCsv, async ({ user, query, ctx }) => {
    const body = await audit.csv(user.id, query);
    return sendCsv(ctx, `auditoria-${new Date().toISOString().slice(0, 10)}.csv`, body);
  });
}
