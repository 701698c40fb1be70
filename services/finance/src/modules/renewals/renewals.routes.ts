import { FINANCE_OPERATIONS as OPS } from '@corretora/contracts';
import { route, sendCsv } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { RenewalReportService } from './renewal-report.service';
import type { RenewalTasksService } from './renewal-tasks.service';
import type { RenewalsService } from './renewals.service';
import type { TaskWindowService } from './task-window';

export function renewalsRoutes(router: Router, renewals: RenewalsService, report: RenewalReportService): void {
  route(router, OPS.renewals, ({ user, query }) => renewals.list(user.id, query));
  route(router, OPS.renewalReport, ({ user, query }) => report.report(user.id, query));
  route(router, OPS.renewalReportCsv, async ({ user, query, ctx }) => sendCsv(ctx, 'retencao.csv', await report.reportCsv(user.id, query)));
  route(router, OPS.renewalOutcome, ({ user, params, body }) => renewals.decide(user.id, params.id, body));
  route(router, OPS.renewalNextAction, ({ user, params, body }) => renewals.setNextAction(user.id, params.id, body));
}

/** Minhas tarefas and the daily digest (pipeline asks, on the internal listener). */
export function renewalTaskRoutes(router: Router, tasks: RenewalTasksService, window: TaskWindowService): void {
  route(router, OPS.renewalTaskOwners, ({ query }) => tasks.taskOwners(query.until));
  route(router, OPS.taskWindow, ({ params, query }) => window.window(params.userId, query));
  route(router, OPS.renewalTasks, ({ params, query }) => tasks.tasksFor(params.userId, query.until, query.contactId));
  route(router, OPS.renewalTaskDone, ({ params }) => tasks.taskDone(params.userId, params.id));
  route(router, OPS.renewalTaskSnooze, ({ params, body }) => tasks.taskSnooze(params.userId, params.id, body.until));
}
