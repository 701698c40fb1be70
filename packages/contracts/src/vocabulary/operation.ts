import type * as v from 'valibot';
import type { Role } from './team-roles';

/**
 * One API operation, declared once: method, path, who may call it, its query and body schemas and
 * the type of its answer. Services register their handlers from it (service-kit `route`), front
 * ends derive their fetchers and query keys from it (web-kit `operationQuery`, `callOperation`), the
 * OpenAPI document is generated from the table of them (gateway-kit). No code generation: the
 * answer type rides along as a phantom (`answer<T>()`), the schemas are valibot's.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * public: anyone (identity's account endpoints); signed-in: a member's session; client: a client's
 * portal session (#61: never a member's, and a client's never opens the others); internal: other
 * services only.
 */
export type Access = 'public' | 'signed-in' | 'client' | 'internal';

export type Schema = v.GenericSchema<unknown, unknown>;

export interface Operation {
  /** Unique, `<domain>.<verb>`: names the handler, the query key and the OpenAPI operationId. */
  readonly id: string;
  readonly method: HttpMethod;
  /** Express-style (`/api/claims/:id`); `:userId` is a broker's UUID, any other parameter an id. */
  readonly path: string;
  readonly access: Access;
  /** The roles that may call a signed-in operation (every role when absent): any other is a pt-BR 403. */
  readonly roles?: readonly Role[];
  /** What it does, in a line (the reference shows it): inline, or in the operation's server half. */
  readonly summary?: string;
  /** The success status; 204 answers no body. Default 200. */
  readonly status?: 200 | 201 | 202 | 204;
  /** The query's schema type (a phantom: `schema<typeof X>()`; the runtime schema is operationSchemas'). */
  readonly query?: Schema;
  /** A JSON body's schema type (a phantom, as `query`). */
  readonly body?: Schema;
  /**
   * A body that is one of these, the handler telling which (confirm-issuance: a finalize when any
   * sale field is there, else an issue): documented, parsed by the handler.
   */
  readonly bodyOneOf?: readonly Schema[];
  /** A multipart upload: the file's field and the schema of the text fields beside it. */
  readonly upload?: { readonly field: string; readonly fields: Schema };
  /** The answer's content type when it is not JSON (a file, a CSV). */
  readonly produces?: string;
  /** The 404 message of a path id that cannot exist (malformed, out of range). */
  readonly notFound?: string;
  /** Type carrier only (never set): the answer's type. */
  readonly answer?: unknown;
}

/** Declares an operation, keeping its literal path, access and schema types. */
export function operation<const Definition extends Operation>(definition: Definition): Definition {
  return definition;
}

/**
 * Stands for a value that only carries a type: `answer: phantom as Claim`, `query: phantom as typeof
 * ClaimQuerySchema`. Operations are plain objects (no call), so a bundler drops those an app does not name.
 */
export const phantom: unknown = undefined;

/**
 * The phantom that carries a schema's type (`query: schema<typeof ClaimQuerySchema>()`): handlers
 * and clients are typed by it, and the runtime schema lives in `<domain>.operation-schemas.ts`
 * (operationSchemas), which only services and the reference import.
 */
export function schema<S extends Schema | readonly Schema[]>(): S {
  return undefined as unknown as S;
}

/** The phantom that carries an operation's answer type: `answer: answer<Claim>()`. */
export function answer<T>(): T {
  return undefined as T;
}

export type AnyOperation = Operation;

type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** Path parameters that are text: the UUIDs of a broker, a member and an invitation, a task's id, a CEP, an invitation's token. */
export type StringParam = 'userId' | 'memberId' | 'invitationId' | 'taskId' | 'cep' | 'token' | 'month' | 'brokerage' | 'line';

export type ParamKind = 'uuid' | 'task' | 'cep' | 'token' | 'month' | 'slug' | 'line' | 'id';

/** How a path parameter is read, by its name (the service's parser and the reference agree). */
export function paramKind(name: string): ParamKind {
  if (name === 'userId' || name === 'memberId' || name === 'invitationId') return 'uuid';
  if (name === 'taskId') return 'task';
  if (name === 'cep') return 'cep';
  if (name === 'token') return 'token';
  if (name === 'month') return 'month';
  if (name === 'brokerage') return 'slug';
  if (name === 'line') return 'line';
  return 'id';
}

/** The path parameters of an operation: `userId`/`memberId`/`invitationId` a UUID string, `token` an invitation's token, `taskId` a task's id ('card-12'), `cep` 8 digits, `month` 'YYYY-MM', `brokerage` a privacy page's address ('corretora-silva'), `line` a line's key ('auto'), every other one an id. */
export type PathParams<Path extends string> = {
  [Name in ParamNames<Path>]: Name extends StringParam ? string : number;
};

export type ParamsOf<Op> = Op extends { path: infer Path extends string } ? PathParams<Path> : never;
/** What a handler receives, parsed by the schemas. */
export type QueryOf<Op> = Op extends { query: infer Query extends Schema } ? v.InferOutput<Query> : undefined;
export type BodyOf<Op> = Op extends { body: infer Body extends Schema }
  ? v.InferOutput<Body>
  : Op extends { upload: { fields: infer Fields extends Schema } }
    ? v.InferOutput<Fields>
    : undefined;
/** What a client sends (the schemas' input side). */
export type QueryInputOf<Op> = Op extends { query: infer Query extends Schema } ? v.InferInput<Query> : undefined;
export type BodyInputOf<Op> = Op extends { body: infer Body extends Schema }
  ? v.InferInput<Body>
  : Op extends { bodyOneOf: readonly (infer One extends Schema)[] }
    ? v.InferInput<One>
    : undefined;
export type AnswerOf<Op> = Op extends { answer: infer Answer } ? Answer : void;

/** The path with its parameters filled in (each one URI-encoded). */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter '${name}' for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The names of a path's parameters, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
}
