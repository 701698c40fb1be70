/**
 * How the broker scope narrows a table: every table of a brokerage's records (a `user_id` column)
 * is declared once, by the service whose migrations create it (`services/<svc>/src/tables.ts`), and
 * the kit keeps only the mechanism. A table nobody declared cannot be scoped at all (the scope
 * throws), so a new service's forgotten table fails loudly instead of showing a producer every row.
 */
export type TableScope =
  /** The brokerage's: every member sees every row (the broker alone narrows it). */
  | { kind: 'brokerage' }
  /** A member's (`responsible_id`): a producer sees and changes only theirs; an insert names the acting member. */
  | { kind: 'member'; limitable?: boolean }
  /**
   * A member's through other rows (no responsible column of its own): a producer sees a row when
   * the condition holds for them (each `?` binds the member; `prefix` is the alias with its dot, or '').
   */
  | { kind: 'through'; condition: (prefix: string) => string; limitable?: boolean };

/**
 * `limitable`: a brokerage may narrow its assistants on the table to the rows they are responsible
 * for, as a producer is (Conversas, #62); the service says per request whether it does
 * (CreateServiceOptions.limitsAssistants → Member.limited).
 */

/** Table names are unique across the services' schemas, so one registry serves every service of a process. */
const registry = new Map<string, { services: Set<string>; scope: TableScope }>();

/** How the scope narrows `table`; a table no service declared is an error, never an open table. */
export function scopeOf(table: string): TableScope {
  const entry = registry.get(table);
  if (!entry) throw new Error(`${table} is not declared by any service: list it in its service's src/tables.ts (declareTables).`);
  return entry.scope;
}

/** Called by declareTables: a name another service declared with another scope is an error. */
export function registerScope(service: string, table: string, scope: TableScope): void {
  const known = registry.get(table);
  if (known && known.scope.kind !== scope.kind)
    throw new Error(`${table} is declared by ${[...known.services].join(', ')} as ${known.scope.kind} and by ${service} as ${scope.kind}.`);
  if (known) known.services.add(service);
  else registry.set(table, { services: new Set([service]), scope });
}

/** The services that declared `table` (the kit, for its own tables; the imports' tables are in two services). */
export function declaredBy(table: string): readonly string[] {
  return [...(registry.get(table)?.services ?? [])];
}

/** The name the kit declares its own tables under (activity_events: every service's 'Atividade Recente'). */
export const KIT = 'service-kit';

/**
 * How a client (#61: a portal's signed-in client) is narrowed on a table: a condition over the row
 * whose every `?` binds the client's contact ids (an integer array). A table no service opened to
 * clients cannot be read under a client at all.
 */
const clientConditions = new Map<string, (prefix: string) => string>();

export function registerClientCondition(table: string, condition: (prefix: string) => string): void {
  clientConditions.set(table, condition);
}

export function clientConditionOf(table: string): (prefix: string) => string {
  const condition = clientConditions.get(table);
  if (!condition)
    throw new Error(`${table} is not open to a portal's client: declare its condition in its service's src/tables.ts (client).`);
  return condition;
}
