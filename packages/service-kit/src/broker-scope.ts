import type { Knex } from 'knex';

/**
 * A table whose rows each belong to one broker (a `user_id` column). The only way in is
 * `of(userId)`: every query it hands out is filtered by that broker and every insert stamped with
 * them, so isolation does not depend on each query remembering a where clause. Another broker's id
 * is then exactly an id that does not exist (404).
 */
export class BrokerScopedTable {
  constructor(
    private readonly knex: Knex,
    readonly table: string,
  ) {}

  of(userId: string, trx: Knex | Knex.Transaction = this.knex) {
    const { table } = this;
    const rows = () => trx(table).where({ userId });
    return {
      /** The broker's rows, for any further where/select/order. */
      rows,
      byId: (id: number) => rows().andWhere({ id }),
      insert: (values: Record<string, unknown>) => trx(table).insert({ ...values, userId }).returning('*'),
      update: (id: number, changes: Record<string, unknown>) => rows().andWhere({ id }).update(changes).returning('*'),
      remove: (id: number) => rows().andWhere({ id }).delete(),
    };
  }

  /** The next id of the table's sequence, for values that must be bound to their row before the insert. */
  async nextId(): Promise<number> {
    const { rows } = await this.knex.raw<{ rows: { id: string }[] }>('select nextval(pg_get_serial_sequence(?, ?)) as id', [this.table, 'id']);
    return Number(rows[0]!.id);
  }
}
