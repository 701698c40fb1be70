import { FINANCE_OPERATIONS as OPS, NOT_FOUND, PRIVACY_OPERATIONS, TEAM_OPERATIONS, type ReferenceData } from '@corretora/contracts';
import { HttpError, currentMember, restrictedMember, route, sendCsv, type InternalClient } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { CommissionRulesService } from './commission-rules.service';
import { repasseCsv, repassePdf, type PrintedLine, type StatementParties } from './repasse-documents';
import type { RepasseService } from './repasse.service';

const TEAM_UNAVAILABLE = 'Não foi possível consultar a equipe agora. Tente novamente em instantes.';
const UNKNOWN_INSURER = 'Selecione uma das suas seguradoras.';

/** The brokerage's members by id (disabled ones too): whom a line pays, by name and e-mail. */
async function teamOf(identity: InternalClient | null, userId: string): Promise<Map<string, { name: string; email: string }>> {
  if (!identity) throw new HttpError(503, TEAM_UNAVAILABLE);
  const { members } = await identity.call(TEAM_OPERATIONS.memberNames, { params: { userId } });
  return new Map(members.map((member) => [member.id, { name: member.name ?? 'Membro sem nome', email: member.email }]));
}

/** The brokerage a statement names (its trading name, else its company's, and its CNPJ); null when the broker service does not say. */
async function brokerageOf(broker: InternalClient | null, userId: string): Promise<StatementParties['brokerage']> {
  if (!broker) return null;
  const controller = await broker.call(PRIVACY_OPERATIONS.brokerageController, { params: { userId } }).catch(() => null);
  return controller ? { name: controller.tradeName ?? controller.name, cnpj: controller.cnpj } : null;
}

/**
 * A member's rules are read by managers and by the member (a producer reads their own only: anyone
 * else is a 404, as another producer's records are); written by managers, for an active member of
 * the brokerage (identity says who is).
 */
async function assertRulesMember(identity: InternalClient | null, userId: string, memberId: string): Promise<void> {
  const restricted = restrictedMember();
  if (restricted !== undefined) {
    if (restricted !== memberId) throw new HttpError(404, NOT_FOUND.member);
    return;
  }
  if (currentMember()?.id === memberId) return;
  if (!identity) throw new HttpError(503, TEAM_UNAVAILABLE);
  try {
    await identity.call(TEAM_OPERATIONS.activeMember, { params: { userId, memberId } });
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw new HttpError(404, NOT_FOUND.member);
    throw error;
  }
}

export function repasseRoutes(
  router: Router,
  repasse: RepasseService,
  rules: CommissionRulesService,
  identity: InternalClient | null,
  insurerNames: (userId: string) => Promise<ReferenceData['insurers']>,
  /** The broker service's /internal listener: the brokerage a statement names (null: none). */
  broker: InternalClient | null = null,
): void {
  route(router, OPS.commissionRules, async ({ user, params }) => {
    await assertRulesMember(identity, user.id, params.memberId);
    return rules.get(user.id, params.memberId);
  });
  route(router, OPS.setCommissionRules, async ({ user, params, body }) => {
    await assertRulesMember(identity, user.id, params.memberId);
    const insurers = new Set((await insurerNames(user.id)).map((insurer) => insurer.id));
    const unknown = body.rules.findIndex((rule) => rule.insurerId !== null && !insurers.has(rule.insurerId));
    if (unknown >= 0) throw new HttpError(400, UNKNOWN_INSURER, [{ path: `rules.${unknown}.insurerId`, message: UNKNOWN_INSURER }]);
    return rules.replace(user.id, params.memberId, body);
  });

  route(router, OPS.repasse, ({ user, query }) => repasse.month(user.id, query));
  route(router, OPS.repasseCsv, async ({ user, query, ctx }) => {
    const month = query.month ?? (await repasse.thisMonth());
    const [lines, team] = await Promise.all([repasse.allLines(user.id, month, query.memberId), teamOf(identity, user.id)]);
    const printed: PrintedLine[] = lines.map((line) => ({
      ...line,
      who: line.memberId ? (team.get(line.memberId)?.name ?? 'Membro removido') : (line.participantName ?? 'Angariador'),
    }));
    return sendCsv(ctx, `repasse-${month}.csv`, repasseCsv(printed));
  });
  route(router, OPS.repasseStatement, async ({ user, query, ctx }) => {
    const month = query.month ?? (await repasse.thisMonth());
    // A producer asking for another's statement (a member's or an angariador's) gets what another's record gets: a 404.
    const restricted = restrictedMember();
    if (restricted !== undefined && restricted !== query.memberId) throw new HttpError(404, NOT_FOUND.member);
    const [view, lines, team, brokerage] = await Promise.all([
      repasse.month(user.id, { month, memberId: query.memberId ?? '' }),
      repasse.allLines(user.id, month, query.angariador === undefined ? (query.memberId ?? '') : { angariador: query.angariador }),
      teamOf(identity, user.id),
      brokerageOf(broker, user.id),
    ]);
    // An angariador without a login is named by their lines (none this month: not one of the brokerage's).
    const member =
      query.angariador === undefined
        ? team.get(query.memberId ?? '')
        : lines.length > 0
          ? { name: query.angariador, email: null }
          : undefined;
    if (!member) throw new HttpError(404, NOT_FOUND.member);
    const pdf = await repassePdf({
      member: { name: member.name, email: member.email },
      brokerage,
      month,
      closed: view.closed,
      lines: lines.map((line) => ({ ...line, who: member.name })),
    });
    ctx.set('Content-Disposition', `attachment; filename="repasse-${month}.pdf"`);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = 'application/pdf';
    ctx.body = pdf;
    return undefined;
  });
  route(router, OPS.closeRepasseMonth, ({ user, params, body }) => repasse.close(user.id, params.month, body.beforeItEnds));
}
