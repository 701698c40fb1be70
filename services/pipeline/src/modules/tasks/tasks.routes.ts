import { RELATIONSHIP_OPERATIONS as OPS } from '@corretora/contracts';
import { route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { Knex } from 'knex';
import { digestHistory } from './digest.service';
import type { TasksService } from './tasks.service';

export function tasksRoutes(router: Router, tasks: TasksService, knex: Knex): void {
  route(router, OPS.digests, ({ user }) => digestHistory(knex, user.id));
  route(router, OPS.tasks, ({ user, query }) => tasks.list(user.id, query));
  route(router, OPS.taskDone, ({ user, params }) => tasks.done(user.id, params.taskId));
  route(router, OPS.taskSnooze, ({ user, params, body }) => tasks.snooze(user.id, params.taskId, body));
}
