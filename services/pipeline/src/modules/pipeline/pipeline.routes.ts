import { ArchiveSchema, CardMoveSchema, CompletionSchema, IssueSchema, LeadCreateSchema } from '@corretora/contracts';
import { HttpError, currentUser, parseBody, parseIdParam, requireUser } from '@corretora/service-kit';
import type Router from '@koa/router';
import type Koa from 'koa';
import { CARD_NOT_FOUND, type PipelineService } from './pipeline.service';

/** Answers JSON text Postgres already built (the board), without parsing and re-serialising it. */
function sendJsonText(ctx: Koa.Context, text: string): void {
  ctx.type = 'application/json';
  ctx.body = text;
}

/** The fields whose presence makes confirm-issuance a finalize; an empty body, or only `{policyNumber}`, is an issue. */
const FINALIZE_FIELDS = ['insurerId', 'startDate', 'endDate', 'premioLiquido', 'iof', 'juros', 'totalPremium', 'commissionPercentage', 'commissionAmount', 'documentType'];

function isFinalize(body: unknown): boolean {
  return typeof body === 'object' && body !== null && FINALIZE_FIELDS.some((field) => field in body);
}

export function pipelineRoutes(router: Router, pipeline: PipelineService): void {
  const cardId = (raw: string | undefined) => parseIdParam(raw, CARD_NOT_FOUND);

  router.get('/api/pipeline', requireUser, async (ctx) => {
    sendJsonText(ctx, await pipeline.list(currentUser(ctx).id, 'board'));
  });

  router.get('/api/pipeline-cards', requireUser, async (ctx) => {
    const archived = ctx.query.archived;
    if (archived !== undefined && archived !== 'true' && archived !== 'false') throw new HttpError(400, 'Parâmetro archived deve ser true ou false.');
    sendJsonText(ctx, await pipeline.list(currentUser(ctx).id, archived === 'true' ? 'archived' : 'board'));
  });

  router.get('/api/pipeline-leads', requireUser, async (ctx) => {
    const raw = ctx.query.limit;
    const limit = raw === undefined ? 50 : typeof raw === 'string' && /^\d{1,3}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 500 ? Number(raw) : null;
    if (limit === null) throw new HttpError(400, 'Parâmetro limit deve estar entre 1 e 500.');
    sendJsonText(ctx, await pipeline.leads(currentUser(ctx).id, limit));
  });

  router.post('/api/pipeline', requireUser, async (ctx) => {
    const input = parseBody(LeadCreateSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await pipeline.create(currentUser(ctx).id, input);
  });

  router.patch('/api/pipeline/:id', requireUser, async (ctx) => {
    const id = cardId(ctx.params.id);
    ctx.body = await pipeline.move(currentUser(ctx).id, id, parseBody(CardMoveSchema, ctx.request.body));
  });

  router.delete('/api/pipeline/:id', requireUser, async (ctx) => {
    await pipeline.remove(currentUser(ctx).id, cardId(ctx.params.id));
    ctx.status = 204;
  });

  router.post('/api/pipeline-cards/:id/archive', requireUser, async (ctx) => {
    const id = cardId(ctx.params.id);
    ctx.body = await pipeline.archive(currentUser(ctx).id, id, parseBody(ArchiveSchema, ctx.request.body).reason);
  });

  router.post('/api/pipeline-cards/:id/unarchive', requireUser, async (ctx) => {
    ctx.body = await pipeline.unarchive(currentUser(ctx).id, cardId(ctx.params.id));
  });

  router.post('/api/pipeline-cards/:id/confirm-issuance', requireUser, async (ctx) => {
    const id = cardId(ctx.params.id);
    const body = ctx.request.body;
    if (isFinalize(body)) {
      ctx.body = await pipeline.finalize(currentUser(ctx).id, id, parseBody(CompletionSchema, body));
      return;
    }
    const { policyNumber } = parseBody(IssueSchema, body ?? {});
    ctx.body = await pipeline.issue(currentUser(ctx).id, id, policyNumber);
  });
}
