import * as AUTH_SCHEMAS from './auth.operation-schemas';
import * as AUTH_OPERATIONS from './auth.operations';
import * as BROKER_SCHEMAS from './broker.operation-schemas';
import * as BROKER_OPERATIONS from './broker.operations';
import * as CATALOGUE_SCHEMAS from './catalogues.operation-schemas';
import * as CATALOGUE_OPERATIONS from './catalogues.operations';
import * as FINANCE_SCHEMAS from './finance.operation-schemas';
import * as FINANCE_OPERATIONS from './finance.operations';
import * as IMPORT_SCHEMAS from './imports.operation-schemas';
import * as IMPORT_OPERATIONS from './imports.operations';
import * as PIPELINE_SCHEMAS from './pipeline.operation-schemas';
import * as PIPELINE_OPERATIONS from './pipeline.operations';
import * as PORTAL_SCHEMAS from './portal.operation-schemas';
import * as PORTAL_OPERATIONS from './portal.operations';
import * as PRIVACY_SCHEMAS from './privacy.operation-schemas';
import * as PRIVACY_OPERATIONS from './privacy.operations';
import * as RELATIONSHIP_SCHEMAS from './relationship.operation-schemas';
import * as RELATIONSHIP_OPERATIONS from './relationship.operations';
import * as TEAM_SCHEMAS from './team.operation-schemas';
import * as TEAM_OPERATIONS from './team.operations';
import * as WHATSAPP_SCHEMAS from './whatsapp.operation-schemas';
import * as WHATSAPP_OPERATIONS from './whatsapp.operations';
import type { AnyOperation, Operation, Schema } from '../vocabulary/operation';

/** What a service parses an operation's request with, and what the reference documents. */
export interface OperationSchemas {
  /** What it does, in a line (the reference shows it). */
  summary?: string;
  query?: Schema;
  body?: Schema;
  /** The text fields beside an upload's file. */
  upload?: Schema;
  bodyOneOf?: readonly Schema[];
}

/** The runtime schemas an operation's phantoms promise: exactly these, of exactly those types. */
type Needs<Op> = (Op extends { query: infer Query extends Schema } ? { query: Query } : unknown) &
  (Op extends { body: infer Body extends Schema } ? { body: Body } : unknown) &
  (Op extends { upload: { fields: infer Fields extends Schema } } ? { upload: Fields } : unknown) &
  (Op extends { bodyOneOf: infer OneOf } ? { bodyOneOf: OneOf } : unknown);
type HasSchemas<Op> = Op extends { query: Schema } | { body: Schema } | { upload: object } | { bodyOneOf: object } ? true : false;
/** An operation without an inline summary has it here; with schemas, they are here too. */
type ServerHalf<Op> = Needs<Op> & (Op extends { summary: string } ? unknown : { summary: string });
type Listed<Op> = Op extends { summary: string } ? HasSchemas<Op> : true;
type SchemaTable<Ops> = {
  [Key in keyof Ops as Ops[Key] extends Operation ? (Listed<Ops[Key]> extends true ? Key : never) : Key]: Ops[Key] extends Operation
    ? ServerHalf<Ops[Key]>
    : SchemaTable<Ops[Key]>;
};

// Each domain's operations beside their runtime schemas, checked by the compiler: every schema an
// operation declares is there, by the same export name, of the declared type.
const DOMAINS: readonly [object, object][] = [
  [AUTH_OPERATIONS, AUTH_SCHEMAS satisfies SchemaTable<typeof AUTH_OPERATIONS>],
  [BROKER_OPERATIONS, BROKER_SCHEMAS satisfies SchemaTable<typeof BROKER_OPERATIONS>],
  [CATALOGUE_OPERATIONS, CATALOGUE_SCHEMAS satisfies SchemaTable<typeof CATALOGUE_OPERATIONS>],
  [FINANCE_OPERATIONS, FINANCE_SCHEMAS satisfies SchemaTable<typeof FINANCE_OPERATIONS>],
  [PIPELINE_OPERATIONS, PIPELINE_SCHEMAS satisfies SchemaTable<typeof PIPELINE_OPERATIONS>],
  [IMPORT_OPERATIONS, IMPORT_SCHEMAS satisfies SchemaTable<typeof IMPORT_OPERATIONS>],
  [RELATIONSHIP_OPERATIONS, RELATIONSHIP_SCHEMAS satisfies SchemaTable<typeof RELATIONSHIP_OPERATIONS>],
  [TEAM_OPERATIONS, TEAM_SCHEMAS satisfies SchemaTable<typeof TEAM_OPERATIONS>],
  [PRIVACY_OPERATIONS, PRIVACY_SCHEMAS satisfies SchemaTable<typeof PRIVACY_OPERATIONS>],
  [PORTAL_OPERATIONS, PORTAL_SCHEMAS satisfies SchemaTable<typeof PORTAL_OPERATIONS>],
  [WHATSAPP_OPERATIONS, WHATSAPP_SCHEMAS satisfies SchemaTable<typeof WHATSAPP_OPERATIONS>],
];

let byId: Map<string, OperationSchemas> | undefined;

/**
 * An operation's runtime schemas (none for an operation without query or body): its domain's
 * table, or the schemas the operation carries itself (an operation declared with runtime schemas
 * instead of phantoms, as the kit's tests do).
 */
export function operationSchemas(op: AnyOperation): OperationSchemas {
  byId ??= index();
  const own: OperationSchemas = {
    ...(op.query ? { query: op.query } : {}),
    ...(op.body ? { body: op.body } : {}),
    ...(op.upload?.fields ? { upload: op.upload.fields } : {}),
    ...(op.bodyOneOf ? { bodyOneOf: op.bodyOneOf } : {}),
  };
  return { ...byId.get(op.id), ...own };
}

/** Walks each domain's operations and schemas side by side (the same export names, groups nested alike). */
function index(): Map<string, OperationSchemas> {
  const map = new Map<string, OperationSchemas>();
  const walk = (operations: object, schemas: Record<string, unknown> | undefined) => {
    for (const [key, entry] of Object.entries(operations) as [string, object][]) {
      const own = schemas?.[key] as Record<string, unknown> | undefined;
      if ('method' in entry && 'path' in entry) map.set((entry as AnyOperation).id, (own ?? {}) as OperationSchemas);
      else walk(entry, own);
    }
  };
  for (const [operations, schemas] of DOMAINS) walk(operations, schemas as Record<string, unknown>);
  return map;
}
