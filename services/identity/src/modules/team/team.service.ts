import { randomBytes } from 'node:crypto';
import {
  BROKER_OPERATIONS,
  RESPONSIBLE_UNKNOWN,
  ROLE_LABELS,
  TEAM_OPERATIONS,
  type AcceptInvitationInput,
  type ActiveMember,
  type CarteiraTransfer,
  type Invitation,
  type InvitationInput,
  type InvitationPreview,
  type Role,
  type TeamMember,
} from '@corretora/contracts';
import {
  HttpError,
  RateLimiter,
  destroySessionsOf,
  inLockedTransaction,
  setSessionsRole,
  type InternalClient,
  type SessionUser,
} from '@corretora/service-kit';
import argon2 from 'argon2';
import type { Knex } from 'knex';
import type pino from 'pino';
import { ARGON2_OPTIONS, hashToken } from '../auth/auth.service';
import type { Mailer } from '../auth/mailer';
import { acceptInvitationLimits, inviteLimits } from '../auth/rate-limit';
import { UserModel } from '../auth/user.model';

export const INVITATION_INVALID = 'Convite inválido ou expirado.';
export const MEMBER_NOT_FOUND = 'Membro não encontrado.';
export const EMAIL_HAS_ACCOUNT = 'Este email já tem uma conta no Corretora CRM.';
export const LAST_OWNER = 'A corretora precisa de pelo menos um proprietário ativo.';
export const OWNERS_ONLY = 'Só um proprietário pode convidar, mudar ou desativar um proprietário.';
export const TRANSFER_TARGET = 'Escolha um membro ativo da equipe, diferente deste.';
const INVITE_NOT_SENT = 'Não foi possível enviar o convite agora. Tente novamente.';

const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

interface InvitationRow {
  id: string;
  brokerageId: string;
  email: string;
  role: Role;
  expiresAt: Date;
  invitedBy: string;
}

/** The services that keep records with a responsible member: a carteira moves in each. */
export interface CarteiraHolders {
  pipeline: InternalClient | null;
  finance: InternalClient | null;
  broker: InternalClient | null;
}

function invitationOf(row: InvitationRow): Invitation {
  return { id: row.id, email: row.email, role: row.role, expiresAt: new Date(row.expiresAt).toISOString() };
}

/**
 * The brokerage's team, kept by identity beside the accounts: members (users of one brokerage, each
 * with a role), invitations and the moves that change who may do what. Every change of the team
 * runs under the brokerage's lock, so two owners demoting each other at once cannot leave it without one.
 */
export class TeamService {
  private readonly limiter: RateLimiter;

  constructor(
    private readonly knex: Knex,
    private readonly mailer: Mailer,
    private readonly appUrl: string,
    private readonly log: pino.Logger,
    private readonly holders: CarteiraHolders,
    /** Wrong invitation tokens an address may try in 15 minutes (INVITATION_LIMIT_PER_15_MINUTES). */
    private readonly invitationLimit = 20,
  ) {
    this.limiter = new RateLimiter(knex);
  }

  private members(trx: Knex | Knex.Transaction, brokerageId: string) {
    return UserModel.query(trx).where({ brokerageId });
  }

  async list(brokerageId: string): Promise<TeamMember[]> {
    const [users, invitations] = await Promise.all([
      this.members(this.knex, brokerageId).orderBy('createdAt').orderBy('id'),
      this.openInvitations(brokerageId),
    ]);
    return [
      ...users.map((user) => ({
        id: user.id,
        name: user.name,
        email: user.email,
        role: user.role,
        status: user.disabledAt ? ('disabled' as const) : ('active' as const),
      })),
      ...invitations.map((invitation) => ({
        id: invitation.id,
        name: null,
        email: invitation.email,
        role: invitation.role,
        status: 'invited' as const,
      })),
    ];
  }

  /** A member a record may be given to: active, of this brokerage. */
  async activeMember(brokerageId: string, memberId: string): Promise<ActiveMember> {
    const member = await this.members(this.knex, brokerageId).findById(memberId).whereNull('disabledAt');
    if (!member) throw new HttpError(404, RESPONSIBLE_UNKNOWN);
    return { id: member.id, name: member.name, role: member.role };
  }

  async openInvitations(brokerageId: string): Promise<Invitation[]> {
    const rows = (await this.knex('invitations')
      .where({ brokerageId })
      .whereNull('acceptedAt')
      .andWhere('expiresAt', '>', this.knex.fn.now())
      .orderBy('createdAt')
      .select('id', 'brokerageId', 'email', 'role', 'expiresAt', 'invitedBy')) as InvitationRow[];
    return rows.map(invitationOf);
  }

  /** Only an owner touches an owner (invites, promotes, demotes or disables one). */
  private checkOwnerRule(actor: SessionUser, roles: readonly Role[]): void {
    if (actor.role !== 'owner' && roles.includes('owner')) throw new HttpError(403, OWNERS_ONLY);
  }

  async invite(actor: SessionUser, input: InvitationInput): Promise<Invitation> {
    this.checkOwnerRule(actor, [input.role]);
    await this.limiter.consume(inviteLimits(actor.id));
    const taken = await UserModel.query(this.knex).findOne({ email: input.email });
    if (taken) throw new HttpError(409, EMAIL_HAS_ACCOUNT, [{ path: 'email', message: EMAIL_HAS_ACCOUNT }]);
    const token = randomBytes(32).toString('base64url');
    const invitation = await this.knex.transaction(async (trx) => {
      // Inviting the same e-mail again replaces the open invitation (a new link, a new week).
      await trx('invitations').where({ brokerageId: actor.id, email: input.email }).whereNull('acceptedAt').delete();
      const [row] = (await trx('invitations')
        .insert({
          brokerageId: actor.id,
          email: input.email,
          role: input.role,
          tokenHash: hashToken(token),
          invitedBy: actor.memberId,
          expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
        })
        .returning(['id', 'brokerageId', 'email', 'role', 'expiresAt', 'invitedBy'])) as InvitationRow[];
      return row!;
    });
    const brokerage = await this.brokerageName(actor.id, actor.name ?? actor.email);
    // In the fragment: never sent to a server by the browser, so never in a Referer.
    const link = `${this.appUrl}/convite#token=${token}`;
    try {
      await this.mailer.send({
        to: input.email,
        subject: `Convite para a equipe de ${brokerage} - Corretora CRM`,
        text: [
          'Olá,',
          '',
          `${actor.name ?? actor.email} convidou você para a equipe de ${brokerage} no Corretora CRM, com o papel de ${ROLE_LABELS[input.role]}.`,
          `Para aceitar, escolha seu nome e sua senha em: ${link}`,
          '',
          'O convite vale por 7 dias e só pode ser usado uma vez. Se você não esperava este convite, ignore este email.',
        ].join('\n'),
        link,
      });
    } catch (error) {
      this.log.error({ err: error }, 'invitation mail failed');
      await this.knex('invitations').where({ id: invitation.id }).delete();
      throw new HttpError(502, INVITE_NOT_SENT);
    }
    return invitationOf(invitation);
  }

  async revoke(brokerageId: string, invitationId: string): Promise<void> {
    const removed = await this.knex('invitations').where({ id: invitationId, brokerageId }).whereNull('acceptedAt').delete();
    if (removed === 0) throw new HttpError(404, 'Convite não encontrado.');
  }

  private async openInvitation(trx: Knex | Knex.Transaction, token: string, forUpdate = false): Promise<InvitationRow> {
    const query = trx('invitations')
      .where({ tokenHash: hashToken(token) })
      .whereNull('acceptedAt')
      .andWhere('expiresAt', '>', trx.fn.now())
      .first('id', 'brokerageId', 'email', 'role', 'expiresAt', 'invitedBy');
    const row = (await (forUpdate ? query.forUpdate() : query)) as InvitationRow | undefined;
    if (!row) throw new HttpError(404, INVITATION_INVALID);
    return row;
  }

  /** The brokerage's name for an invitation: its profile's, else its first owner's (the broker service may be down). */
  private async brokerageName(brokerageId: string, fallback: string): Promise<string> {
    try {
      const answer = await this.holders.broker?.call(BROKER_OPERATIONS.brokerageName, { params: { userId: brokerageId } });
      if (answer?.name) return answer.name;
    } catch (error) {
      this.log.warn({ err: error }, 'brokerage name unavailable');
    }
    return fallback;
  }

  async preview(token: string): Promise<InvitationPreview> {
    const invitation = await this.openInvitation(this.knex, token);
    const owner = await UserModel.query(this.knex).findById(invitation.brokerageId);
    return {
      brokerageName: await this.brokerageName(invitation.brokerageId, owner?.name ?? owner?.email ?? 'Corretora'),
      role: invitation.role,
      email: invitation.email,
    };
  }

  /** Single use: the invitation is marked accepted in the transaction that creates the member. */
  async accept(token: string, input: AcceptInvitationInput, address: string): Promise<UserModel> {
    const limits = acceptInvitationLimits(address, this.invitationLimit);
    await this.limiter.consume(limits);
    const password = await argon2.hash(input.password, ARGON2_OPTIONS);
    const member = await this.knex.transaction(async (trx) => {
      const invitation = await this.openInvitation(trx, token, true);
      const taken = await UserModel.query(trx).findOne({ email: invitation.email });
      if (taken) throw new HttpError(409, EMAIL_HAS_ACCOUNT);
      const user = await UserModel.query(trx).insertAndFetch({
        brokerageId: invitation.brokerageId,
        role: invitation.role,
        email: invitation.email,
        name: input.name,
        password,
        isEmailVerified: true,
      });
      await trx('invitations').where({ id: invitation.id }).update({ acceptedAt: trx.fn.now() });
      return user;
    });
    // Accepted: not a probe. A team joining from one office's address is never refused.
    await this.limiter.refund(limits);
    return member;
  }

  /** Team changes of one brokerage, one at a time; `work` sees the member (404 if not of this brokerage). */
  private changeMember<T>(
    actor: SessionUser,
    memberId: string,
    work: (trx: Knex.Transaction, member: UserModel) => Promise<T>,
  ): Promise<T> {
    return inLockedTransaction(this.knex, `team:${actor.id}`, async (trx) => {
      const member = await this.members(trx, actor.id).findById(memberId);
      if (!member) throw new HttpError(404, MEMBER_NOT_FOUND);
      return work(trx, member);
    });
  }

  private async activeOwners(trx: Knex.Transaction, brokerageId: string): Promise<number> {
    return this.members(trx, brokerageId).where({ role: 'owner' }).whereNull('disabledAt').resultSize();
  }

  async setRole(actor: SessionUser, memberId: string, role: Role): Promise<TeamMember> {
    const member = await this.changeMember(actor, memberId, async (trx, member) => {
      this.checkOwnerRule(actor, [member.role, role]);
      if (member.role === 'owner' && role !== 'owner' && !member.disabledAt && (await this.activeOwners(trx, actor.id)) <= 1)
        throw new HttpError(409, LAST_OWNER);
      await UserModel.query(trx).patch({ role, updatedAt: new Date() }).findById(member.id);
      return { ...member, role };
    });
    // The next request of every open session of theirs is checked with the new role.
    await setSessionsRole(this.knex, member.id, role);
    return { id: member.id, name: member.name, email: member.email, role, status: member.disabledAt ? 'disabled' : 'active' };
  }

  /** Moves every record the member is responsible for to another active member of the brokerage, in each service. */
  async transfer(actor: SessionUser, memberId: string, to: string): Promise<CarteiraTransfer> {
    await this.changeMember(actor, memberId, async (trx) => {
      const target = await this.members(trx, actor.id).findById(to);
      if (!target || target.disabledAt || target.id === memberId)
        throw new HttpError(400, TRANSFER_TARGET, [{ path: 'to', message: TRANSFER_TARGET }]);
    });
    return this.moveCarteira(actor.id, memberId, to);
  }

  private async moveCarteira(brokerageId: string, from: string, to: string): Promise<CarteiraTransfer> {
    const body = { from, to };
    const params = { userId: brokerageId };
    const [pipeline, finance] = await Promise.all([
      this.holders.pipeline?.call(TEAM_OPERATIONS.pipelineTransfer, { params, body }),
      this.holders.finance?.call(TEAM_OPERATIONS.financeTransfer, { params, body }),
    ]);
    return { moved: (pipeline?.moved ?? 0) + (finance?.moved ?? 0) };
  }

  /**
   * Disables a member: their sessions end at once (the next request is a 401), then their carteira
   * moves to `transferTo`. Disabling one already disabled moves what is left (a move that failed).
   */
  async disable(actor: SessionUser, memberId: string, transferTo: string): Promise<CarteiraTransfer> {
    await this.changeMember(actor, memberId, async (trx, member) => {
      this.checkOwnerRule(actor, [member.role]);
      const target = await this.members(trx, actor.id).findById(transferTo);
      if (!target || target.disabledAt || target.id === member.id)
        throw new HttpError(400, TRANSFER_TARGET, [{ path: 'transferTo', message: TRANSFER_TARGET }]);
      if (!member.disabledAt) {
        if (member.role === 'owner' && (await this.activeOwners(trx, actor.id)) <= 1) throw new HttpError(409, LAST_OWNER);
        await UserModel.query(trx).patch({ disabledAt: new Date(), updatedAt: new Date() }).findById(member.id);
      }
    });
    await destroySessionsOf(this.knex, memberId);
    return this.moveCarteira(actor.id, memberId, transferTo);
  }
}
