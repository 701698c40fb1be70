import { MANAGERS, TEAM_OPERATIONS, comparableName, type MemberName } from '@corretora/contracts';
import type { InternalClient } from '../internal-client';
import { currentMember } from '../member-context';

/** The field of an import's row that names the member a record it creates is given to (both kinds). */
const RESPONSIBLE_FIELD = 'responsible';

const TEAM_UNAVAILABLE = 'Não foi possível consultar a equipe agora. Tente novamente em instantes.';

/** The brokerage's members (identity alone knows the team): asked once per preview. */
async function teamMembers(identity: InternalClient, userId: string): Promise<MemberName[]> {
  return (await identity.call(TEAM_OPERATIONS.memberNames, { params: { userId } })).members;
}

/**
 * Reads a row's Responsável cell: an active member of the brokerage, by e-mail or by name (accents
 * and case aside). Who previews decides what it may say: an owner or admin gives records to any
 * member; anyone else only to themselves (as they may not reassign). Answers the member (id and name), or
 * the pt-BR reason the row is refused.
 */
function memberFinder(members: readonly MemberName[]): (text: string) => { id: string; name: string } | { message: string } {
  const importer = currentMember();
  const mayGive = importer === undefined || (MANAGERS as readonly string[]).includes(importer.role);
  const active = members.filter((member) => member.active);
  const byEmail = new Map(active.map((member) => [member.email.toLowerCase(), member]));
  const byName = new Map<string, MemberName[]>();
  for (const member of active) {
    if (!member.name) continue;
    const name = comparableName(member.name);
    byName.set(name, [...(byName.get(name) ?? []), member]);
  }
  return (text) => {
    const named = byName.get(comparableName(text)) ?? [];
    const member = byEmail.get(text.trim().toLowerCase()) ?? (named.length === 1 ? named[0] : undefined);
    if (!member)
      return {
        message:
          named.length > 1
            ? `Há mais de um membro chamado "${text}" na equipe: use o e-mail`
            : `Responsável "${text}" não é membro ativo da equipe: use o nome ou o e-mail de um membro`,
      };
    if (!mayGive && member.id !== importer?.id)
      return { message: 'Só o proprietário ou um gestor dá clientes a outro membro: deixe a coluna vazia ou use o seu nome' };
    return { id: member.id, name: member.name ?? member.email };
  };
}

/**
 * A preview's reader of the Responsável column (memberFinder over the team, asked once), or
 * undefined when the mapping does not name that column (no call to identity).
 */
export async function sheetMemberFinder(
  identity: InternalClient | null,
  userId: string,
  columns: Partial<Record<string, number>>,
): Promise<ReturnType<typeof memberFinder> | undefined> {
  if (columns[RESPONSIBLE_FIELD] === undefined) return undefined;
  // No identity configured (a service run alone): a row naming a member says so, a blank one imports as it would.
  if (!identity) return () => ({ message: TEAM_UNAVAILABLE });
  return memberFinder(await teamMembers(identity, userId));
}
