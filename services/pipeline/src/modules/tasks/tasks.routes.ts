import { RELATIONSHIP_OPERATIONS as OPS } from '@corretora/contracts';
import { onlyOwnRecords, route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { DigestPreferences } from './digest.service';
import type { TasksService } from './tasks.service';

export function tasksRoutes(router: Router, tasks: TasksService, digest: DigestPreferences): void {
  // The daily digest is each member's own, as Minhas tarefas is.
  route(router, OPS.digests, ({ user }) => onlyOwnRecords(() => digest.history(user.id)));
  route(router, OPS.digestSettings, ({ user }) => onlyOwnRecords(() => digest.settings(user.id)));
  route(router, OPS.setDigestSettings, ({ user, body }) => onlyOwnRecords(() => digest.setSettings(user.id, body)));
  // Minhas tarefas: the member's own work (an owner's or admin's too; in a brokerage of one, everything).
  route(router, OPS.tasks, ({ user, query }) => onlyOwnRecords(() => tasks.list(user.id, query)));
  route(router, OPS.createTask, ({ user, body }) => tasks.create(user.id, body));
  route(router, OPS.taskEdit, ({ user, params, body }) => tasks.edit(user.id, params.taskId, body));
  route(router, OPS.taskDelete, ({ user, params }) => tasks.remove(user.id, params.taskId));
  route(router, OPS.taskDone, ({ user, params }) => tasks.done(user.id, params.taskId));
  route(router, OPS.taskSnooze, ({ user, params, body }) => tasks.snooze(user.id, params.taskId, body));
}
