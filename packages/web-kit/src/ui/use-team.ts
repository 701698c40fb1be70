import { MANAGERS, MONEY_ROLES, TEAM_OPERATIONS, roleAllows, seesOnlyOwnRecords, type Role, type TeamMember } from '@corretora/contracts';
import { useCurrentUser, useOperation } from '@corretora/web-kit';
import { useMemo } from 'react';

export interface Team {
  /** The active members, in the order the team lists them. */
  active: readonly TeamMember[];
  /** Everyone who joined (active and disabled, not an open invitation): whom a past record may name. */
  joined: readonly TeamMember[];
  /** A member's name (their e-mail until they chose one); null for an id the team does not know. */
  nameOf: (memberId: string) => string | null;
  /** More than one active member: only then do screens speak of whose a record is. */
  isTeam: boolean;
  /** The signed-in member may give a record to another (owners and admins). */
  manager: boolean;
  /** The signed-in member sees other members' records (not a producer): a filter by member means something. */
  seesEveryone: boolean;
  /** The signed-in member sees money beyond a premium (not an assistant): the API answers them the figures null. */
  money: boolean;
}

/**
 * The brokerage's team as the screens need it: who is in it, and what the signed-in member may
 * do with it. In ui (bundled into each app) over the shared singleton's queries: no new shared API.
 */
export function useTeam(): Team {
  const { user } = useCurrentUser();
  const team = useOperation(TEAM_OPERATIONS.list, undefined, { enabled: user !== null });
  const role: Role | undefined = user?.role;
  return useMemo(() => {
    const members = team.data?.members ?? [];
    const active = members.filter((member) => member.status === 'active');
    const joined = members.filter((member) => member.status !== 'invited');
    const names = new Map(
      members.filter((member) => member.status !== 'invited').map((member) => [member.id, member.name ?? member.email]),
    );
    return {
      active,
      joined,
      nameOf: (memberId: string) => names.get(memberId) ?? null,
      isTeam: active.length > 1,
      manager: role !== undefined && roleAllows(role, MANAGERS),
      seesEveryone: role !== undefined && !seesOnlyOwnRecords(role),
      money: role !== undefined && roleAllows(role, MONEY_ROLES),
    };
  }, [team.data, role]);
}
