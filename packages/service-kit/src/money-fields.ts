import { MONEY_FIELDS, MONEY_ROLES, roleAllows, type Role } from '@corretora/contracts';

const HIDDEN = new Set<string>(MONEY_FIELDS);

/** Whether a role sees the brokerage's money (commissions, rates, repasse): MONEY_ROLES. */
export function seesMoney(role: Role): boolean {
  return roleAllows(role, MONEY_ROLES);
}

/**
 * An answer as a role without money reads it: every MONEY_FIELDS key, at any depth,
 * null — the shape stays, so a screen that shows "—" for a missing figure works unchanged. Plain
 * JSON values only: a stream or a buffer (a download) is passed as it is.
 */
export function withoutMoney(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutMoney);
  if (value === null || typeof value !== 'object') return value;
  // Plain objects only, of any realm (an object's prototype is then some realm's Object.prototype, or
  // none): a class instance, a Date, a Buffer or a stream passes as it is.
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== null && Object.getPrototypeOf(prototype) !== null) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) => [key, HIDDEN.has(key) ? null : withoutMoney(inner)]),
  );
}
