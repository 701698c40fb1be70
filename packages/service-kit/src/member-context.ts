import { AsyncLocalStorage } from 'node:async_hooks';
import { MANAGERS, ROLES, ROLE_FORBIDDEN, seesOnlyOwnRecords, type Role } from '@corretora/contracts';
import { HttpError } from './errors';
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
  /** The address the request came from (the audit log's). */
  address?: string;
  /** Only the member's own records, whatever the role (Minhas tarefas: a manager's own work). */
  ownOnly?: boolean;
  /** An assistant whose brokerage narrows them, on the tables declared limitable, to their own records (#62: Conversas). */
  limited?: boolean;
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
  return member && (member.ownOnly || seesOnlyOwnRecords(member.role)) ? member.id : undefined;
}

/** Runs `work` on the member's own records only (what is theirs to do), even for an owner or admin. */
export function onlyOwnRecords<T>(work: () => T): T {
  const member = currentMember();
  return member ? runAsMember({ ...member, ownOnly: true }, work) : work();
}

/**
 * A job's work for one member (the daily digest): their own records only, with the least a member may
 * do (a producer's), whatever their role in the brokerage — the job needs nothing more, and it does not
 * have to ask identity who the member is.
 */
export function forMemberOwnRecords<T>(memberId: string, work: () => T): T {
  return runAsMember({ id: memberId, role: 'producer', ownOnly: true }, work);
}

/**
 * Who may name another member responsible for a record (reassign one, or a carteira): owners and
 * admins (a request with no member is the brokerage itself). Anyone else gets the roles' 403.
 */
export function assertMayReassign(): void {
  const member = currentMember();
  if (member && !(MANAGERS as readonly Role[]).includes(member.role)) throw new HttpError(403, ROLE_FORBIDDEN);
}

/**
 * A client acting on the portal (#61): no member, and the records they write are theirs in the audit
 * log (`actor_client`, the contact the portal speaks for). Set with the client's session, and carried
 * to the services a client's request calls (CLIENT_ACTOR_HEADER), so a task or a timeline entry written
 * on the other side is marked as the client's too. It widens or narrows no scope.
 */
export interface ClientActor {
  contactId: number;
  address?: string;
}

const requestClientActor = new AsyncLocalStorage<ClientActor | undefined>();

export function runAsClientActor<T>(actor: ClientActor | undefined, work: () => T): T {
  return requestClientActor.run(actor, work);
}

export function currentClientActor(): ClientActor | undefined {
  return requestClientActor.getStore();
}

/** Set by the internal client under a client, read only behind the internal token: `<contact id> [<address>]`. */
export const CLIENT_ACTOR_HEADER = 'x-corretora-client';

export function clientActorHeaderOf(actor: ClientActor | undefined): Record<string, string> {
  return actor ? { [CLIENT_ACTOR_HEADER]: [actor.contactId, actor.address].filter(Boolean).join(' ') } : {};
}

/** What the calling service said about the client (malformed: null, a 400 as the member's). */
export function parseClientActorHeader(value: string | undefined): ClientActor | undefined | null {
  if (value === undefined || value === '') return undefined;
  const [id, address, ...rest] = value.split(' ');
  const contactId = Number(id);
  if (rest.length > 0 || !/^\d{1,10}$/.test(id ?? '') || contactId < 1 || contactId > 2_147_483_647) return null;
  if (address !== undefined && !ADDRESS.test(address)) return null;
  return { contactId, ...(address ? { address } : {}) };
}

/** Set by the internal client, read only behind the internal token: `<member uuid> <role> [<address>]`. */
export const MEMBER_HEADER = 'x-corretora-member';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** An IPv4 or IPv6 address as Koa reads it. */
const ADDRESS = /^[0-9A-Fa-f:.]{2,45}$/;

/** Set with MEMBER_HEADER when the call is about the member's own records only (onlyOwnRecords). */
export const OWN_RECORDS_HEADER = 'x-corretora-own-records';

export function memberHeaderOf(member: Member | undefined): Record<string, string> {
  if (!member) return {};
  return {
    [MEMBER_HEADER]: [member.id, member.role, member.address].filter(Boolean).join(' '),
    ...(member.ownOnly ? { [OWN_RECORDS_HEADER]: '1' } : {}),
  };
}

/** Reads what the calling service said about the member (a malformed header is a 400: a caller's bug, never a wider scope). */
export function parseMemberHeader(value: string | undefined): Member | undefined | null {
  if (value === undefined || value === '') return undefined;
  const [id, role, address, ...rest] = value.split(' ');
  if (rest.length > 0 || !id || !UUID.test(id) || !(ROLES as readonly string[]).includes(role ?? '')) return null;
  if (address !== undefined && !ADDRESS.test(address)) return null;
  return { id, role: role as Role, ...(address ? { address } : {}) };
}

/** The internal listener's: each call runs as the member its caller acted for. */
export const internalMember: Koa.Middleware = async (ctx, next) => {
  const member = parseMemberHeader(ctx.get(MEMBER_HEADER) || undefined);
  const client = parseClientActorHeader(ctx.get(CLIENT_ACTOR_HEADER) || undefined);
  if (member === null || client === null || (member && client)) {
    ctx.status = 400;
    ctx.body = { message: 'Membro da chamada interna inválido.' };
    return;
  }
  await runAsClientActor(client, () =>
    runAsMember(member && ctx.get(OWN_RECORDS_HEADER) === '1' ? { ...member, ownOnly: true } : member, next),
  );
};
