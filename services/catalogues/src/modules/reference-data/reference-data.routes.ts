import type { PipelineStage, ReferenceData } from '@corretora/contracts';
import { HttpError, currentUser, parseIdParam, requireUser } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { Knex } from 'knex';
import { BY_NAME } from '../catalogue/catalogue-routes';
import { ensureDefaults } from '../defaults/default-catalogues';

async function stagesOf(knex: Knex, userId: string): Promise<PipelineStage[]> {
  const rows = await knex('pipeline_stages').where({ userId }).orderBy('order');
  return rows.map((row) => ({
    id: row.id, key: row.key, name: row.name, color: row.color, order: row.order, isActive: row.isActive, description: row.description,
  }));
}

export function referenceDataRoutes(router: Router, knex: Knex): void {
  router.get('/api/reference-data', requireUser, async (ctx) => {
    const userId = currentUser(ctx).id;
    await ensureDefaults(knex, userId);
    const [products, leadSources, insurers, pipelineStages] = await Promise.all([
      knex('products').where({ userId }).select('id', 'name', 'isActive').orderByRaw(BY_NAME),
      knex('lead_sources').where({ userId }).select('id', 'name', 'isActive').orderByRaw(BY_NAME),
      knex('insurers').where({ userId }).select('id', 'name').orderByRaw(BY_NAME),
      stagesOf(knex, userId),
    ]);
    const body: ReferenceData = { products, leadSources, insurers, pipelineStages };
    // Section 9: fresh for 5 minutes. Private: it is this broker's data.
    ctx.set('Cache-Control', 'private, max-age=300');
    ctx.body = body;
  });
}

interface CheckAnswer {
  product?: { id: number; name: string; policyType: string };
  leadSource?: { id: number; name: string };
  insurer?: { id: number; name: string };
  stage?: { id: number; key: string; name: string };
}

function optionalId(raw: unknown): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  return parseIdParam(typeof raw === 'string' ? raw : undefined);
}

/**
 * For other services (pipeline, finance): do these ids belong to this broker, and what are their
 * names and the product's policy type? Any id that is not the broker's answers 404.
 */
export function internalCheckRoutes(router: Router, knex: Knex): void {
  router.get('/catalogues/:userId/check', async (ctx) => {
    const userId = ctx.params.userId ?? '';
    if (!/^[0-9a-f-]{36}$/i.test(userId)) throw new HttpError(404, 'Não encontrado.');
    await ensureDefaults(knex, userId);
    const answer: CheckAnswer = {};
    const productId = optionalId(ctx.query.productId);
    const leadSourceId = optionalId(ctx.query.leadSourceId);
    const insurerId = optionalId(ctx.query.insurerId);
    const stageId = optionalId(ctx.query.stageId);
    const stageKey = typeof ctx.query.stageKey === 'string' ? ctx.query.stageKey : undefined;
    const one = async (table: string, where: Record<string, unknown>) => {
      const row = await knex(table).where({ ...where, userId }).first();
      if (!row) throw new HttpError(404, 'Não encontrado.');
      return row;
    };
    if (productId) {
      const row = await one('products', { id: productId });
      answer.product = { id: row.id, name: row.name, policyType: row.policyType ?? 'business' };
    }
    if (leadSourceId) answer.leadSource = await one('lead_sources', { id: leadSourceId }).then((row) => ({ id: row.id, name: row.name }));
    if (insurerId) answer.insurer = await one('insurers', { id: insurerId }).then((row) => ({ id: row.id, name: row.name }));
    if (stageId || stageKey) {
      const row = await one('pipeline_stages', stageId ? { id: stageId } : { key: stageKey });
      if (stageId && stageKey && row.key !== stageKey) throw new HttpError(404, 'Não encontrado.');
      answer.stage = { id: row.id, key: row.key, name: row.name };
    }
    ctx.body = answer;
  });
}

