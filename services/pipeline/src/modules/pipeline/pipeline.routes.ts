import { CompletionSchema, IssueSchema, PIPELINE_OPERATIONS as OPS } from '@corretora/contracts';
import {
  assertMayReassign,
  assertResponsible,
  parseBody,
  responsibleForNew,
  route,
  seesMoney,
  type InternalClient,
} from '@corretora/service-kit';
import type Router from '@koa/router';
import type Koa from 'koa';
import type { PipelineService } from './pipeline.service';

/** Answers JSON text Postgres already built (the board), without parsing and re-serialising it. */
function sendJsonText(ctx: Koa.Context, text: string): undefined {
  ctx.type = 'application/json';
  ctx.body = text;
  return undefined;
}

/** The fields whose presence makes confirm-issuance a finalize; an empty body, or only `{policyNumber}`, is an issue. */
const FINALIZE_FIELDS = [
  'insurerId',
  'startDate',
  'endDate',
  'premioLiquido',
  'iof',
  'juros',
  'totalPremium',
  'commissionPercentage',
  'commissionAmount',
  'documentType',
];

function isFinalize(body: unknown): boolean {
  return typeof body === 'object' && body !== null && FINALIZE_FIELDS.some((field) => field in body);
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

  route(router, OPS.confirmIssuance, async ({ user, params, ctx }) => {
    const body: unknown = ctx.request.body;
    // A member who sees no money (an assistant) keeps the card's commission, whatever they send (#58).
    if (isFinalize(body)) return pipeline.finalize(user.id, params.id, parseBody(CompletionSchema, body), !seesMoney(user.role));
    const { policyNumber, participants } = parseBody(IssueSchema, body ?? {});
    // Who shares the commission is the managers' to say, among the brokerage's active members.
    for (const [index, participant] of (participants ?? []).entries())
      if (participant.memberId) await assertResponsible(identity, user.id, participant.memberId, `participants.${index}.memberId`);
    if (participants) assertMayReassign();
    return pipeline.issue(user.id, params.id, policyNumber, participants);
  });
}
