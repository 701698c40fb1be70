import { RESPONSIBLE_UNKNOWN, TEAM_OPERATIONS } from '@corretora/contracts';
import { HttpError } from './errors';
import type { InternalClient } from './internal-client';
import { assertMayReassign } from './member-context';

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
  if (!identity) throw new HttpError(503, TEAM_UNAVAILABLE);
  try {
    await identity.call(TEAM_OPERATIONS.activeMember, { params: { userId, memberId } });
  } catch (error) {
    if (error instanceof HttpError && error.status === 404)
      throw new HttpError(400, RESPONSIBLE_UNKNOWN, [{ path: field, message: RESPONSIBLE_UNKNOWN }]);
    throw error;
  }
}
