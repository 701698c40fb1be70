import { BrokerScopedTable, HttpError } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { ensureDefaults } from '../defaults/default-catalogues';
import { BY_NAME, ITEM_NOT_FOUND, type CatalogueDefinition } from './catalogue-definitions';

/** One catalogue of a broker (products, insurers, lead sources): what the routes ask, in SQL. */
export class CatalogueService<Row extends { id: number; name: string }, Dto> {
  private readonly table: BrokerScopedTable;
  /** The list is read on every visit of a catalogue screen: its SQL is built once. */
  private readonly readList: (userId: string) => Promise<Row[]>;

  constructor(
    private readonly knex: Knex,
    readonly definition: CatalogueDefinition<Row, Dto>,
  ) {
    this.table = new BrokerScopedTable(knex, definition.table);
    this.readList = this.table.compiledRead<Row>((rows) => rows.select(definition.columns).orderByRaw(BY_NAME));
  }

  /** One statement in the usual case: the defaults are looked for only when the list is empty. */
  async list(userId: string): Promise<Dto[]> {
    let rows = await this.readList(userId);
    if (rows.length === 0 && (await ensureDefaults(this.knex, userId))) rows = await this.readList(userId);
    return rows.map(this.definition.toDto);
  }

  async create(userId: string, input: Record<string, unknown>): Promise<Dto> {
    await ensureDefaults(this.knex, userId);
    const id = await this.table.nextId();
    const [row] = await this.table.of(userId).insert({ ...this.definition.toColumns(input, { userId, id }), id });
    return this.definition.toDto(row as Row);
  }

  async update(userId: string, id: number, input: Record<string, unknown>): Promise<Dto> {
    const changes = Object.fromEntries(
      Object.entries(this.definition.toColumns(input, { userId, id })).filter(([, value]) => value !== undefined),
    );
    const [row] = await this.table.of(userId).update(id, { ...changes, updatedAt: this.knex.fn.now() });
    if (!row) throw new HttpError(404, ITEM_NOT_FOUND);
    return this.definition.toDto(row as Row);
  }

  async remove(userId: string, id: number): Promise<void> {
    if ((await this.table.of(userId).remove(id)) === 0) throw new HttpError(404, ITEM_NOT_FOUND);
  }
}
