import { RESPONSIBLE_UNKNOWN, ROLE_FORBIDDEN, TEAM_OPERATIONS, seesOnlyOwnRecords, type MemberName } from '@corretora/contracts';
import { HttpError } from './errors';
import type { InternalClient } from './internal-client';
import { assertMayReassign, currentMember } from './member-context';

const TEAM_UNAVAILABLE = 'Não foi possível consultar a equipe agora. Tente novamente em instantes.';

/**
 * A record is given to another member (`responsibleId`, a carteira's client): only by an owner or
 * admin (the roles' 403), and only to an active member of the same brokerage — identity alone knows
 * the team, so it is asked; anyone else is a pt-BR 400 on the field, never a record nobody can see.
 */
export async function assertResponsible(
  identity: InternalClient | null,
  userId: string,
  memberId: string,
  field = 'responsibleId',
): Promise<void> {
  assertMayReassign();
  await assertActiveMember(identity, userId, memberId, field);
}

/**
 * Whom a new record is for (Novo Lead, Novo Contato, Nova tarefa): the member creating it
 * (null or their own id: undefined, the scope stamps them), or another active member of the
 * brokerage, named by a role that sees every record — an owner, an admin, an assistant taking a
 * call for a producer. A producer naming someone else gets the roles' 403.
 */
export async function responsibleForNew(
  identity: InternalClient | null,
  userId: string,
  memberId: string | null,
  field = 'responsibleId',
): Promise<string | undefined> {
  const member = currentMember();
  if (memberId === null || memberId === (member?.id ?? userId)) return undefined;
  if (member && seesOnlyOwnRecords(member.role)) throw new HttpError(403, ROLE_FORBIDDEN);
  await assertActiveMember(identity, userId, memberId, field);
  return memberId;
}

/** That `memberId` is an active member of the brokerage (identity answers), else the field's pt-BR 400. */
export async function assertActiveMember(identity: InternalClient | null, userId: string, memberId: string, field: string): Promise<void> {
  if (!identity) throw new HttpError(503, TEAM_UNAVAILABLE);
  try {
    await identity.call(TEAM_OPERATIONS.activeMember, { params: { userId, memberId } });
  } catch (error) {
    if (error instanceof HttpError && error.status === 404)
      throw new HttpError(400, RESPONSIBLE_UNKNOWN, [{ path: field, message: RESPONSIBLE_UNKNOWN }]);
    throw error;
  }
}

/**
 * The brokerage's members for an export or a note (whose each record is): empty when identity is
 * not deployed or does not answer — a column left blank rather than the export failing.
 */
export async function teamOrNobody(identity: InternalClient | null, userId: string): Promise<MemberName[]> {
  if (!identity) return [];
  return identity.call(TEAM_OPERATIONS.memberNames, { params: { userId } }).then(
    ({ members }) => members,
    () => [],
  );
}
