import type { Knex } from 'knex';
import { BrokerScopedTable, scopeBindings, scopedFromSql, scopedUpdateSql } from './broker-scope';
import { KIT, declaredBy, registerClientCondition, registerScope, type TableScope } from './table-scopes';

export interface TableDeclaration<Brokerage extends string, Member extends string, Through extends string> {
  brokerage: readonly Brokerage[];
  member: readonly Member[];
  through?: Readonly<Record<Through, (prefix: string) => string>>;
  /**
   * The tables a portal's client may read (#61), each with the condition that makes a row theirs:
   * every `?` binds the client's contact ids as an integer array (`contact_id = any(?::int[])`).
   */
  client?: Partial<Readonly<Record<NoInfer<Brokerage | Member | Through>, (prefix: string) => string>>>;
  /**
   * The member's tables on which a brokerage may narrow its assistants to their own rows (the
   * service's `limitsAssistants` says per request whether this brokerage does).
   */
  limitable?: readonly NoInfer<Member | Through>[];
}

/** The kit's own tables a service's migrations create (the import engine's, 'Atividade Recente'), declared by the kit. */
export type KitTable = 'imports' | 'import_rows' | 'import_mappings' | 'activity_events';

/** A service's tables, declared: the scoped tables and SQL of the broker scope, by declared name only. */
export interface ServiceTables<Name extends string> {
  readonly service: string;
  /** Every declared table, with how the scope narrows it. */
  readonly scopes: ReadonlyMap<Name, TableScope>;
  /** A member's tables (`responsible_id`): what a carteira's transfer moves. */
  readonly memberTables: readonly Name[];
  scoped(knex: Knex | Knex.Transaction, table: Name | KitTable): BrokerScopedTable;
  /** BrokerScopedTable#fromSql for a statement built once: bind `bindings(table, broker)`. */
  fromSql(table: Name | KitTable, alias: string): string;
  bindings(table: Name | KitTable, userId: string): Knex.Value[];
  /** BrokerScopedTable#updateSql: bind [...set, ...bindings(table, broker), id, ...condition]. */
  updateSql(table: Name | KitTable, set: string, condition: string): string;
}

/**
 * Declares a service's tables (call once, at its tables.ts's top level: importing it registers them).
 * A name another service declared with another scope is an error.
 */
export function declareTables<const Brokerage extends string, const Member extends string, const Through extends string = never>(
  service: string,
  declaration: TableDeclaration<Brokerage, Member, Through>,
): ServiceTables<Brokerage | Member | Through> {
  type Name = Brokerage | Member | Through;
  const scopes = new Map<Name, TableScope>();
  for (const table of declaration.brokerage) scopes.set(table, { kind: 'brokerage' });
  const limitable = new Set<string>(declaration.limitable ?? []);
  for (const table of declaration.member) scopes.set(table, { kind: 'member', ...(limitable.has(table) ? { limitable: true } : {}) });
  for (const [table, condition] of Object.entries(declaration.through ?? {}) as [Through, (prefix: string) => string][])
    scopes.set(table, { kind: 'through', condition, ...(limitable.has(table) ? { limitable: true } : {}) });
  for (const [table, scope] of scopes) registerScope(service, table, scope);
  for (const [table, condition] of Object.entries(declaration.client ?? {}) as [Name, (prefix: string) => string][])
    registerClientCondition(table, condition);
  return {
    service,
    scopes,
    memberTables: [...declaration.member],
    scoped: (knex, table) => new BrokerScopedTable(knex, table),
    fromSql: scopedFromSql,
    bindings: scopeBindings,
    updateSql: scopedUpdateSql,
  };
}

/**
 * At start, after the migrations: every table of the schema with a `user_id` (a brokerage's records)
 * is declared by the service (or is one of the kit's own); one that is not stops the service before
 * it answers anyone, instead of being read unscoped.
 */
export async function assertTablesDeclared(knex: Knex, schema: string, tables: ServiceTables<string>): Promise<void> {
  const { rows } = await knex.raw<{ rows: { table: string }[] }>(
    `select c.table_name as "table" from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = ? and c.column_name = 'user_id'`,
    [schema],
  );
  const undeclared = rows.map((row) => row.table).filter((table) => !tables.scopes.has(table) && !declaredBy(table).includes(KIT));
  if (undeclared.length > 0)
    throw new Error(
      `${undeclared.join(', ')} (with a user_id) not declared in ${tables.service}'s src/tables.ts: declare how the broker scope narrows each.`,
    );
}
