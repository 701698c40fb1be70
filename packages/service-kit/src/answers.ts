import type * as v from 'valibot';

/**
 * An answer declared once, as a valibot object in contracts (the fields the API returns and their
 * types): the service selects exactly its fields as columns and turns a row into it, so a new field
 * is one line there and one column in a migration, never a column list or a row type here.
 */
type AnswerSchema = v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>;

/** The columns to select (camelCase; the knex mappers make them snake_case). */
export function answerColumns<S extends AnswerSchema>(schema: S): (keyof S['entries'] & string)[] {
  return Object.keys(schema.entries);
}

/**
 * `alias.snake_column as "camelField"` for each field: the answer's columns in hand-written SQL;
 * `from` names another SQL expression for a field (a value another table holds for this answer).
 */
export function answerColumnsSql<S extends AnswerSchema>(
  schema: S,
  alias: string,
  from: Partial<Record<keyof S['entries'] & string, string>> = {},
): string {
  return answerColumns(schema)
    .map((field) => `${from[field] ?? `${alias}.${field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`} as "${field}"`)
    .join(', ');
}

interface SchemaLike {
  type: string;
  wrapped?: SchemaLike;
}

/** A number in the answer: Postgres sends bigint and numeric as text (the cents caps keep them safe integers). */
function isNumber(entry: SchemaLike): boolean {
  const inner = entry.type === 'nullable' || entry.type === 'optional' || entry.type === 'nullish' ? entry.wrapped : entry;
  return inner?.type === 'number';
}

/** A row as the answer: timestamps as ISO strings (dates already arrive as 'YYYY-MM-DD'), numbers as numbers, absent as null. */
export function toAnswer<S extends AnswerSchema>(schema: S, row: Record<string, unknown>): v.InferOutput<S> {
  const answer: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(schema.entries) as [string, SchemaLike][]) {
    const value = row[key];
    if (value instanceof Date) answer[key] = value.toISOString();
    else if (typeof value === 'string' && isNumber(entry)) answer[key] = Number(value);
    else answer[key] = value ?? null;
  }
  return answer as v.InferOutput<S>;
}
