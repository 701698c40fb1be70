import { RELATIONSHIP_OPERATIONS as OPS } from '@corretora/contracts';
import { route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { Knex } from 'knex';
import { digestHistory, digestSettings, setDigestSettings } from './digest.service';
import type { TasksService } from './tasks.service';

export function tasksRoutes(router: Router, tasks: TasksService, knex: Knex): void {
  route(router, OPS.digests, ({ user }) => digestHistory(knex, user.id));
  route(router, OPS.digestSettings, ({ user }) => digestSettings(knex, user.id));
  route(router, OPS.setDigestSettings, ({ user, body }) => setDigestSettings(knex, user.id, body));
  route(router, OPS.tasks, ({ user, query }) => tasks.list(user.id, query));
  route(router, OPS.taskDone, ({ user, params }) => tasks.done(user.id, params.taskId));
  route(router, OPS.taskSnooze, ({ user, params, body }) => tasks.snooze(user.id, params.taskId, body));
}
