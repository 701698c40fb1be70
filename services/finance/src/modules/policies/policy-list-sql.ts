import type { Policy, PolicyQuery, PolicyStatus } from '@corretora/contracts';
import { likeContaining } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { TODAY } from './policy-sql';

/** POLICY_STATUS = ? for each status (stored: active or cancelled), written so an index on (status, renewal_date) answers it. */
const STATUS_IS: Record<PolicyStatus, string> = {
  active: `p.status = 'active' and p.renewal_date >= ${TODAY}`,
  expired: `p.status = 'active' and p.renewal_date < ${TODAY}`,
  cancelled: `p.status = 'cancelled'`,
};

/** The type and line filters on policies p ('all': none), as conditions and their bindings. */
export function typeAndLine(query: Pick<PolicyQuery, 'type' | 'line'>): { sql: string[]; bindings: string[] } {
  const sql: string[] = [];
  const bindings: string[] = [];
  if (query.type !== 'all') {
    sql.push('p.type = ?');
    bindings.push(query.type);
  }
  if (query.line !== 'all') {
    sql.push('p.line = ?');
    bindings.push(query.line);
  }
  return { sql, bindings };
}

export const policyOnTheWire = (row: Policy): Policy => ({ ...row, createdAt: new Date(row.createdAt).toISOString() });

/**
 * Apólices' filters on the member's policies p (`scoped`, the kit's scope) and its order: `from`
 * goes after `select … from`. The status is said so an index can answer it (an active policy past
 * its renewal date reads as expired: POLICY_STATUS, written out).
 */
export function policyListSql(scoped: Knex.Raw, query: PolicyQuery): { from: string; bindings: Knex.RawBinding[]; order: string } {
  const kind = typeAndLine(query);
  const where: string[] = ['true', ...kind.sql];
  const bindings: unknown[] = [scoped, ...kind.bindings];
  if (query.q) {
    // A number as typed, separators aside (AP-2026/001 finds AP2026001), or part of the client's name.
    const key = query.q.toUpperCase().replace(/[^0-9A-Z]/g, '');
    const numbers = key
      ? ` or regexp_replace(upper(p.policy_number), '[^0-9A-Z]', '', 'g') like ? or regexp_replace(upper(coalesce(p.proposal_number, '')), '[^0-9A-Z]', '', 'g') like ?`
      : '';
    where.push(`(p.contact_name ilike ?${numbers})`);
    bindings.push(likeContaining(query.q), ...(key ? [likeContaining(key), likeContaining(key)] : []));
  }
  if (query.status !== 'all') where.push(STATUS_IS[query.status]);
  if (query.responsibleId) {
    where.push('p.responsible_id = ?');
    bindings.push(query.responsibleId);
  }
  if (query.awaitingNumber !== undefined) {
    where.push('p.awaiting_number = ?');
    bindings.push(query.awaitingNumber);
  }
  if (query.renewal !== undefined) {
    // Renovações: active policies renewing from today to N days ahead.
    where.push(`p.status = 'active' and p.renewal_date between ${TODAY} and ${TODAY} + ?::int`);
    bindings.push(query.renewal);
  }
  const order = query.renewal === undefined ? 'p.created_at desc, p.id desc' : 'p.renewal_date, p.id';
  return { from: `? where ${where.join(' and ')}`, bindings: bindings as Knex.RawBinding[], order };
}
