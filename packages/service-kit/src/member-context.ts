import { AsyncLocalStorage } from 'node:async_hooks';
import { ROLES, seesOnlyOwnRecords, type Role } from '@corretora/contracts';
import type Koa from 'koa';

/**
 * The member a request acts for: who signed in (their own id, not the brokerage's) and their role.
 * The broker scope reads it to narrow what a producer sees to the records they are responsible for
 * and to stamp who is responsible for a new one: the scope receives the team, and no query has to
 * remember it. A call between services carries it (MEMBER_HEADER, on the token-guarded listener
 * only), so a hand-over runs for the same member on the other side. No member (a job, a start-up
 * task) is the brokerage itself: every record of the account.
 */
export interface Member {
  id: string;
  role: Role;
}

const requestMember = new AsyncLocalStorage<Member | undefined>();

export function runAsMember<T>(member: Member | undefined, work: () => T): T {
  return requestMember.run(member, work);
}

export function currentMember(): Member | undefined {
  return requestMember.getStore();
}

/** The member a new record is given to when nothing says whom (null: the brokerage's owner, by the table's trigger). */
export function actingMemberId(): string | null {
  return currentMember()?.id ?? null;
}

/** The member whose records are the only ones the scope shows, or undefined when the member sees the brokerage's. */
export function restrictedMember(): string | undefined {
  const member = currentMember();
  return member && seesOnlyOwnRecords(member.role) ? member.id : undefined;
}

/**
 * The tables whose rows have a responsible member (`responsible_id`): a producer sees only theirs.
 * Table names are unique across the services' schemas, so one list serves them all.
 */
export const RESPONSIBLE_TABLES: ReadonlySet<string> = new Set([
  'contacts',
  'pipeline_cards',
  'tasks',
  'policies',
  'renewals',
  'claims',
  'documents',
]);

/** Set by the internal client, read only behind the internal token: `<member uuid> <role>`. */
export const MEMBER_HEADER = 'x-corretora-member';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function memberHeaderOf(member: Member | undefined): Record<string, string> {
  return member ? { [MEMBER_HEADER]: `${member.id} ${member.role}` } : {};
}

/** Reads what the calling service said about the member (a malformed header is a 400: a caller's bug, never a wider scope). */
export function parseMemberHeader(value: string | undefined): Member | undefined | null {
  if (value === undefined || value === '') return undefined;
  const [id, role, ...rest] = value.split(' ');
  if (rest.length > 0 || !id || !UUID.test(id) || !(ROLES as readonly string[]).includes(role ?? '')) return null;
  return { id, role: role as Role };
}

/** The internal listener's: each call runs as the member its caller acted for. */
export const internalMember: Koa.Middleware = async (ctx, next) => {
  const member = parseMemberHeader(ctx.get(MEMBER_HEADER) || undefined);
  if (member === null) {
    ctx.status = 400;
    ctx.body = { message: 'Membro da chamada interna inválido.' };
    return;
  }
  await runAsMember(member, next);
};
