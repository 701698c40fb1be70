import { notFound, parseIdParam, parseUserIdParam, recentActivity } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { Knex } from 'knex';

/**
 * /internal/pipeline/:userId/stats, the pipeline's share of the dashboard (decisions.md): newLeads =
 * active cards in 'leads' created in the last 30 days; totalLeads = cards on the board; totalClients
 * = contacts that are not prospects (one statement); and its latest 'Atividade Recente' events.
 */
export function statsRoutes(router: Router, knex: Knex): void {
  router.get('/pipeline/:userId/stats', async (ctx) => {
    const userId = parseUserIdParam(ctx.params.userId);
    // The figures and the events are independent reads: both at once.
    const [{ rows }, events] = await Promise.all([
      knex.raw<{ rows: { new_leads: number; total_leads: number; total_clients: number }[] }>(
        `select
           (select count(*)::int from pipeline_cards where user_id = ? and status = 'active' and stage_key = 'leads' and created_at > now() - interval '30 days') as new_leads,
           (select count(*)::int from pipeline_cards where user_id = ? and status in ('active', 'issued')) as total_leads,
           (select count(*)::int from contacts where user_id = ? and type <> 'prospect') as total_clients`,
        [userId, userId, userId],
      ),
      recentActivity(knex, 'pipeline', userId),
    ]);
    const row = rows[0]!;
    ctx.body = {
      newLeads: row.new_leads,
      totalLeads: row.total_leads,
      totalClients: row.total_clients,
      recentActivity: events,
    };
  });
}

/**
 * /internal/pipeline/:userId/contacts/:id and /cards/:id: the finance service checks that a claim's
 * or a document's contact and card are the broker's. Another broker's or an unknown id is a 404.
 */
export function referenceLookupRoutes(router: Router, knex: Knex): void {
  const lookups = [
    ['contacts', 'contacts', ['id', 'name']],
    // A document attached to a card: the card must be the broker's (any status), and whose contact it is.
    ['cards', 'pipeline_cards', ['id', 'contactId']],
  ] as const;
  for (const [segment, table, columns] of lookups) {
    router.get(`/pipeline/:userId/${segment}/:id`, async (ctx) => {
      const row = await knex(table).where({ userId: parseUserIdParam(ctx.params.userId), id: parseIdParam(ctx.params.id) }).first(columns);
      if (!row) throw notFound();
      ctx.body = row;
    });
  }
}
