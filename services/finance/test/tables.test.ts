import { KIT, declaredBy, scopeOf } from '@corretora/service-kit';
import { tables as broker } from '../../broker/src/tables';
import { tables as catalogues } from '../../catalogues/src/tables';
import { tables as identity } from '../../identity/src/tables';
import { tables as pipeline } from '../../pipeline/src/tables';
import { tables as finance } from '../src/tables';
import { financeStack } from './stack';

/** The stack migrates every service's schema in one database, as `npm start` does. */
const { services } = financeStack();

test('every table a migration creates with a user_id is declared by its service (src/tables.ts), so the broker scope narrows it', async () => {
  const declared = [broker, catalogues, identity, pipeline, finance];
  const { rows } = await services.pipeline!.knex.raw<{ rows: { schema: string; table: string }[] }>(
    `select c.table_schema as schema, c.table_name as "table" from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.column_name = 'user_id' and c.table_schema = any(?) order by 1, 2`,
    [declared.map((service) => service.service)],
  );
  expect(rows.length).toBeGreaterThan(30);
  const undeclared = rows.filter(({ schema, table }) => !declaredBy(table).some((by) => by === schema || by === KIT));
  expect(undeclared).toEqual([]);
  // And nothing is declared that no migration creates (a typo would leave the real table undeclared).
  const created = new Set(rows.map((row) => `${row.schema}.${row.table}`));
  const phantom = declared
    .flatMap((service) => [...service.scopes.keys()].map((table) => `${service.service}.${table}`))
    .filter((name) => !created.has(name));
  expect(phantom).toEqual([]);
  expect(scopeOf('policies')).toEqual({ kind: 'member' });
  expect(() => scopeOf('a_table_nobody_declared')).toThrow('is not declared by any service');
});
