import { PIPELINE_OPERATIONS, RELATIONSHIP_OPERATIONS as OPS } from '@corretora/contracts';
import { onlyOwnRecords, responsibleForNew, route, type InternalClient } from '@corretora/service-kit';
import type { ClientClaims } from './client-claim';
import type { ProductionService } from './production.service';
import type Router from '@koa/router';
import type { DigestPreferences } from './digest.service';
import type { TaskPageService } from './task-page';
import type { TasksService } from './tasks.service';

export function tasksRoutes(
  router: Router,
  tasks: TasksService,
  digest: DigestPreferences,
  deps: { claims: ClientClaims; identity: InternalClient | null; page: TaskPageService },
): void {
  // The daily digest is each member's own, as Minhas tarefas is.
  route(router, OPS.digests, ({ user }) => onlyOwnRecords(() => digest.history(user.id)));
  route(router, OPS.digestSettings, ({ user }) => onlyOwnRecords(() => digest.settings(user.id)));
  route(router, OPS.setDigestSettings, ({ user, body }) => onlyOwnRecords(() => digest.setSettings(user.id, body)));
  // Minhas tarefas: the member's own work (an owner's or admin's too; in a brokerage of one, everything).
  route(router, OPS.tasks, ({ user, query }) => onlyOwnRecords(() => tasks.list(user.id, query)));
  route(router, OPS.taskPage, ({ user, query }) => onlyOwnRecords(() => deps.page.page(user.id, query)));
  route(router, OPS.createTask, async ({ user, body }) =>
    tasks.create(user.id, { ...body, responsibleId: (await responsibleForNew(deps.identity, user.id, body.responsibleId)) ?? null }),
  );
  // A colleague's client asked for: a task for the owner.
  route(router, PIPELINE_OPERATIONS.claimClient, ({ user, body }) => deps.claims.claim(user, body));
  route(router, OPS.taskEdit, ({ user, params, body }) => tasks.edit(user.id, params.taskId, body));
  route(router, OPS.taskDelete, ({ user, params }) => tasks.remove(user.id, params.taskId));
  route(router, OPS.taskDone, ({ user, params }) => tasks.done(user.id, params.taskId));
  route(router, OPS.taskSnooze, ({ user, params, body }) => tasks.snooze(user.id, params.taskId, body));
}

/** Finance asks for Equipe › Produção's pipeline half (the internal listener only). */
export function internalTasksRoutes(router: Router, production: ProductionService): void {
  route(router, PIPELINE_OPERATIONS.pipelineProduction, ({ params, query }) => production.production(params.userId, query));
}
