import { CompletionSchema, IssueSchema, PIPELINE_OPERATIONS as OPS, type PipelineCard } from '@corretora/contracts';
import {
  assertMayReassign,
  assertResponsible,
  parseBody,
  responsibleForNew,
  route,
  seesMoney,
  type InternalClient,
  type SessionUser,
} from '@corretora/service-kit';
import type Router from '@koa/router';
import type Koa from 'koa';
import { isSale } from './card-sale';
import type { PipelineService } from './pipeline.service';

/** Answers JSON text Postgres already built (the board), without parsing and re-serialising it. */
function sendJsonText(ctx: Koa.Context, text: string): undefined {
  ctx.type = 'application/json';
  ctx.body = text;
  return undefined;
}

export function pipelineRoutes(router: Router, pipeline: PipelineService, identity: InternalClient | null): void {
  route(router, OPS.board, async ({ user, ctx }) => sendJsonText(ctx, await pipeline.list(user.id, 'board')));
  route(router, OPS.cards, async ({ user, query, ctx }) =>
    sendJsonText(ctx, await pipeline.list(user.id, query.archived === 'true' ? 'archived' : 'board', query.responsibleId)),
  );
  route(router, OPS.leads, async ({ user, query, ctx }) => sendJsonText(ctx, await pipeline.leads(user.id, query.limit)));
  route(router, OPS.createLead, async ({ user, body }) =>
    pipeline.create(
      user.id,
      body.contactId == null ? { ...body, responsibleId: (await responsibleForNew(identity, user.id, body.responsibleId)) ?? null } : body,
    ),
  );
  route(router, OPS.move, ({ user, params, body }) => pipeline.move(user.id, params.id, body));
  route(router, OPS.remove, ({ user, params }) => pipeline.remove(user.id, params.id));
  route(router, OPS.archive, ({ user, params, body }) => pipeline.archive(user.id, params.id, body.reason));
  route(router, OPS.unarchive, ({ user, params }) => pipeline.unarchive(user.id, params.id));
  route(router, OPS.cardNextAction, ({ user, params, body }) => pipeline.setNextAction(user.id, params.id, body));
  route(router, OPS.cardInsuredItem, ({ user, params, body }) => pipeline.setInsuredItem(user.id, params.id, body.insuredItem));

  // The spec's one route, two uses told apart by the body: the sale's fields finalize, else it issues.
  route(router, OPS.confirmIssuance, ({ user, params, ctx }) => {
    const body: unknown = ctx.request.body;
    return isSale(body) ? finalizeCard(pipeline, user, params.id, body) : issueCard(pipeline, identity, user, params.id, body);
  });
}

/** What finance asks of the board: "Fechar com esta cotação" finalizes the card with the quote's figures. */
export function pipelineInternalRoutes(router: Router, pipeline: PipelineService): void {
  // The commission is the stored quote's, not typed by the caller: it is written whatever the acting member's role.
  route(router, OPS.finalizeFromQuote, ({ params, body }) => pipeline.finalize(params.userId, params.id, body.sale, false, body.quoteId));
}

/** Finalize: the sale on the card. A member who sees no money (an assistant) keeps the card's commission, whatever they send. */
function finalizeCard(pipeline: PipelineService, user: SessionUser, id: number, body: unknown): Promise<PipelineCard> {
  return pipeline.finalize(user.id, id, parseBody(CompletionSchema, body), !seesMoney(user.role));
}

/** Issue: the policy from the finalized card; who shares its commission is the managers' to say, among the brokerage's active members. */
async function issueCard(
  pipeline: PipelineService,
  identity: InternalClient | null,
  user: SessionUser,
  id: number,
  body: unknown,
): Promise<PipelineCard> {
  const { policyNumber, participants } = parseBody(IssueSchema, body ?? {});
  for (const [index, participant] of (participants ?? []).entries())
    if (participant.memberId) await assertResponsible(identity, user.id, participant.memberId, `participants.${index}.memberId`);
  if (participants) assertMayReassign();
  return pipeline.issue(user.id, id, policyNumber, participants);
}
