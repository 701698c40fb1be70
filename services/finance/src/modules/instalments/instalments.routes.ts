import { FINANCE_OPERATIONS as OPS } from '@corretora/contracts';
import { route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { InstalmentsService } from './instalments.service';
import type { InstalmentReminders } from './instalment-reminders';

/** A policy's instalments and its payment plan (under /api/policies/{id}: the instalments are the policy's). */
export function instalmentsRoutes(router: Router, instalments: InstalmentsService, reminders: InstalmentReminders): void {
  route(router, OPS.policyInstalments, ({ user, params }) => instalments.list(user.id, params.id));
  route(router, OPS.setPaymentPlan, ({ user, params, body }) => instalments.setPlan(user.id, params.id, body));
  route(router, OPS.setInstalmentPaymentLink, ({ user, params, body }) =>
    instalments.setPaymentLink(user.id, params.id, params.number, body),
  );
  route(router, OPS.instalmentWhatsapp, ({ user, params }) => reminders.send(user, params.id, params.number));
}
