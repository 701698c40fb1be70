import { BrokerScopedTable, HttpError } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { ensureDefaults } from '../defaults/default-catalogues';
import { BY_NAME, ITEM_NOT_FOUND, type CatalogueDefinition } from './catalogue-definitions';

/** One catalogue of a broker (products, insurers, lead sources): what the routes ask, in SQL. */
export class CatalogueService<Row extends { id: number; name: string }, Dto> {
  private readonly table: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly definition: CatalogueDefinition<Row, Dto>,
  ) {
    this.table = new BrokerScopedTable(knex, definition.table);
  }

  /** One statement in the usual case: the defaults are looked for only when the list is empty. */
  async list(userId: string): Promise<Dto[]> {
    const read = async () => (await this.table.of(userId).rows().select(this.definition.columns).orderByRaw(BY_NAME)) as Row[];
    let rows = await read();
    if (rows.length === 0 && (await ensureDefaults(this.knex, userId))) rows = await read();
    return rows.map(this.definition.toDto);
  }

  async create(userId: string, input: Record<string, unknown>): Promise<Dto> {
    await ensureDefaults(this.knex, userId);
    const id = await this.table.nextId();
    const [row] = await this.table.of(userId).insert({ ...this.definition.toColumns(input, { userId, id }), id });
    return this.definition.toDto(row as Row);
  }

  async update(userId: string, id: number, input: Record<string, unknown>): Promise<Dto> {
    const changes = Object.fromEntries(Object.entries(this.definition.toColumns(input, { userId, id })).filter(([, value]) => value !== undefined));
    const [row] = await this.table.of(userId).update(id, { ...changes, updatedAt: this.knex.fn.now() });
    if (!row) throw new HttpError(404, ITEM_NOT_FOUND);
    return this.definition.toDto(row as Row);
  }

  async remove(userId: string, id: number): Promise<void> {
    if ((await this.table.of(userId).remove(id)) === 0) throw new HttpError(404, ITEM_NOT_FOUND);
  }
}
