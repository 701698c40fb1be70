import { TEAM_OPERATIONS as OPS } from '@corretora/contracts';
import { route, signIn } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { TeamService } from './team.service';

export function teamRoutes(router: Router, team: TeamService): void {
  route(router, OPS.list, async ({ user }) => ({ members: await team.list(user.id) }));
  route(router, OPS.invite, ({ user, body }) => team.invite(user, body));
  route(router, OPS.invitations, async ({ user }) => ({ invitations: await team.openInvitations(user.id) }));
  route(router, OPS.revokeInvitation, ({ user, params }) => team.revoke(user.id, params.invitationId));
  route(router, OPS.setRole, ({ user, params, body }) => team.setRole(user, params.memberId, body.role));
  route(router, OPS.disable, ({ user, params, body }) => team.disable(user, params.memberId, body.transferTo));
  route(router, OPS.transfer, ({ user, params, body }) => team.transfer(user, params.memberId, body.to));

  route(router, OPS.showInvitation, ({ params }) => team.preview(params.token));
  route(router, OPS.acceptInvitation, async ({ params, body, ctx }) => {
    const member = await team.accept(params.token, body, ctx.ip);
    // Accepting signs the new member in: the invitation link lands them in the brokerage.
    await signIn(ctx, member.toSessionUser());
    return member.toUser();
  });
}

/** The services ask who may be given a record (the internal listener only). */
export function internalTeamRoutes(router: Router, team: TeamService): void {
  route(router, OPS.activeMember, ({ params }) => team.activeMember(params.userId, params.memberId));
  route(router, OPS.memberNames, async ({ params }) => ({
    members: (await team.list(params.userId))
      .filter((member) => member.status !== 'invited')
      .map((member) => ({ id: member.id, name: member.name, role: member.role, email: member.email, active: member.status === 'active' })),
  }));
}
