import type { ImportHandOverInput, ImportKind } from '@corretora/contracts';
import type { Knex } from 'knex';
import { BrokerScopedTable } from '../broker-scope';

/** What one call carries at most: well under the internal listener's 2 MB. */
const CALL_CHARS = 1_200_000;
const CALL_ROWS = 2000;

type Row = ImportHandOverInput['rows'][number];
type Send = (userId: string, part: ImportHandOverInput) => Promise<{ id: number | null }>;

/**
 * The sending half of moving a kind of import to the service that now owns its rows
 * (statements to finance): broker by broker, each import with its rows in chunks, and the broker's
 * remembered mappings; an import goes from here once its last part arrived. Run again after a
 * failure it sends what is left; the receiver takes a part it already has as done. Answers how
 * many imports moved.
 */
export async function handOverImports(knex: Knex, kinds: readonly ImportKind[], send: Send): Promise<number> {
  const imports = new BrokerScopedTable(knex, 'imports');
  const rows = new BrokerScopedTable(knex, 'import_rows');
  const mappings = new BrokerScopedTable(knex, 'import_mappings');
  // The brokers with something to move: the one read that spans brokers, to know whose rows to read.
  const brokers = (await knex('imports')
    .distinct('userId')
    .whereIn('kind', kinds)
    .union(knex('import_mappings').distinct('userId').whereIn('kind', kinds))) as { userId: string }[];
  let moved = 0;
  for (const { userId } of brokers) {
    const remembered = (await mappings
      .of(userId)
      .rows()
      .whereIn('kind', kinds)
      .select('kind', 'headerKey', 'mapping', 'insurerMap', 'mode', 'updatedAt')) as ImportHandOverInput['mappings'];
    for (let start = 0; start < remembered.length; start += 500)
      await send(userId, { import: null, rows: [], mappings: stamped(remembered.slice(start, start + 500)) });
    const held = (await imports.of(userId).rows().whereIn('kind', kinds).orderBy('id')) as Record<string, unknown>[];
    for (const record of held) {
      const summary = stamped([record])[0] as unknown as NonNullable<ImportHandOverInput['import']>;
      let sent = false;
      for await (const chunk of rowChunks(rows, userId, summary.id)) {
        await send(userId, { import: summary, rows: chunk, mappings: [] });
        sent = true;
      }
      if (!sent) await send(userId, { import: summary, rows: [], mappings: [] });
      await imports.of(userId).byId(summary.id).delete();
      moved += 1;
    }
    await mappings.of(userId).rows().whereIn('kind', kinds).delete();
  }
  return moved;
}

/** Dates as ISO text, the rest as read (JSON columns come back parsed). */
function stamped<T extends Record<string, unknown>>(items: readonly T[]): T[] {
  return items.map(
    (item) =>
      Object.fromEntries(Object.entries(item).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value])) as T,
  );
}

async function* rowChunks(rows: BrokerScopedTable, userId: string, importId: number): AsyncGenerator<Row[]> {
  for (let after = 0; ;) {
    const page = stamped(
      (await rows
        .of(userId)
        .rows()
        .where({ importId })
        .andWhere('line', '>', after)
        .orderBy('line')
        .limit(CALL_ROWS)
        .select('line', 'cells', 'outcome', 'errors', 'reason', 'targetId', 'record', 'applied', 'previous', 'appliedAt')) as Row[],
    );
    if (page.length === 0) return;
    let chunk: Row[] = [];
    let chars = 0;
    for (const row of page) {
      const size = JSON.stringify(row).length;
      if (chunk.length > 0 && chars + size > CALL_CHARS) {
        yield chunk;
        chunk = [];
        chars = 0;
      }
      chunk.push(row);
      chars += size;
    }
    yield chunk;
    after = page.at(-1)!.line;
  }
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/**
 * The receiving half: one part of a hand-over in one transaction. The import keeps its id when
 * no import here has it (the ids its rows here name), else takes a new one; `moved_from` finds it
 * again for its next parts or a repeated call. Rows and mappings already here stay as they are.
 */
export async function receiveImports(knex: Knex, userId: string, part: ImportHandOverInput): Promise<{ id: number | null }> {
  return knex.transaction(async (trx) => {
    const mappings = new BrokerScopedTable(trx, 'import_mappings');
    for (const mapping of part.mappings) {
      await mappings
        .of(userId, trx)
        .insert({ ...mapping, mapping: json(mapping.mapping), insurerMap: json(mapping.insurerMap) })
        .onConflict(['user_id', 'kind', 'header_key'])
        .ignore();
    }
    if (!part.import) return { id: null };
    const id = await adopt(trx, userId, part.import);
    if (part.rows.length > 0) {
      const rows = part.rows.map((row) => ({
        ...row,
        importId: id,
        userId,
        cells: json(row.cells),
        errors: json(row.errors),
        record: json(row.record),
        previous: json(row.previous),
      }));
      await trx('import_rows').insert(rows).onConflict(['user_id', 'import_id', 'line']).ignore();
    }
    return { id };
  });
}

async function adopt(trx: Knex.Transaction, userId: string, summary: NonNullable<ImportHandOverInput['import']>): Promise<number> {
  const imports = new BrokerScopedTable(trx, 'imports');
  const known = (await imports.of(userId, trx).rows().where({ movedFrom: summary.id }).first('id')) as { id: number } | undefined;
  if (known) return known.id;
  await trx.raw('lock table imports in share row exclusive mode');
  const taken = await trx('imports').where({ id: summary.id }).first('id');
  const { id: oldId, ...columns } = summary;
  const values = {
    ...columns,
    ...(taken ? {} : { id: oldId }),
    movedFrom: oldId,
    sheets: json(summary.sheets),
    headers: json(summary.headers),
    mapping: json(summary.mapping),
    insurerMap: json(summary.insurerMap),
    counts: json(summary.counts),
    applied: json(summary.applied),
    unknownInsurers: json(summary.unknownInsurers),
    undoKept: json(summary.undoKept),
  };
  const [created] = (await imports.of(userId, trx).insert(values)) as { id: number }[];
  // An id given by hand: the sequence moves past it, so no new import ever takes it.
  if (!taken) {
    await trx.raw(
      `select setval(pg_get_serial_sequence('imports', 'id'),
         greatest(?::bigint, coalesce(pg_sequence_last_value(pg_get_serial_sequence('imports', 'id')::regclass), 1)))`,
      [oldId],
    );
  }
  return created!.id;
}
