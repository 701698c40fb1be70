import type { AnswerOf, AnyOperation, BodyOf, ParamsOf, QueryOf } from '@corretora/contracts';
import { ROLE_FORBIDDEN, operationSchemas, paramKind, pathParamNames, roleAllows, type Role } from '@corretora/contracts';
import type Router from '@koa/router';
import type Koa from 'koa';
import { HttpError } from './errors';
import { seesMoney, withoutMoney } from './money-fields';
import { currentUser, requireUser, type SessionUser } from './session';
import { requireClient, signedInClient, type ClientSession } from './client-session';
import { runAsMember } from './member-context';
import type { UploadedFile } from './upload';
import {
  parseBody,
  parseCepParam,
  parseIdParam,
  parseLineParam,
  parseMonthParam,
  parseSlugParam,
  parseQuery,
  parseTaskIdParam,
  parseTokenParam,
  parseUuidParam,
} from './validation';

/** What a handler gets: the request as its operation's schemas parsed it. */
export interface OperationRequest<Op extends AnyOperation> {
  params: ParamsOf<Op>;
  query: QueryOf<Op>;
  body: BodyOf<Op>;
  /** The signed-in broker (operations of access 'signed-in'). */
  user: Op['access'] extends 'signed-in' ? SessionUser : undefined;
  /** The portal's signed-in client (operations of access 'client'): the broker scope narrows to their records. */
  client: Op['access'] extends 'client' ? ClientSession : undefined;
  /** The uploaded file (operations with `upload`), its text fields parsed as `body`. */
  file: Op['upload'] extends object ? UploadedFile : undefined;
  /** For what only HTTP knows: the client's address, sign-in, a streamed answer and its headers. */
  ctx: Koa.Context;
}

/** A handler answers its operation's type; `undefined` when it wrote the answer itself (a file, JSON text). */
export type OperationHandler<Op extends AnyOperation> = (
  request: OperationRequest<Op>,
) => Promise<AnswerOf<Op> | undefined> | AnswerOf<Op> | undefined;

const INTERNAL_PREFIX = '/internal';

/** An operation some roles may not call: the member's role (read with the session) decides, before anything is parsed. */
function requireRole(roles: readonly Role[]): Koa.Middleware {
  return async (ctx, next) => {
    if (!roleAllows(currentUser(ctx).role, roles)) throw new HttpError(403, ROLE_FORBIDDEN);
    await next();
  };
}

/** The query string as a schema reads it: one value per key (a repeated key counts as its first). */
function queryOf(ctx: Koa.Context): Record<string, string> {
  return Object.fromEntries(
    Object.entries(ctx.query).map(([key, value]) => [key, Array.isArray(value) ? (value[0] ?? '') : (value ?? '')]),
  );
}

function paramOf(op: AnyOperation, name: string, raw: string | undefined): string | number {
  switch (paramKind(name)) {
    case 'uuid':
      return parseUuidParam(raw, op.notFound);
    case 'task':
      return parseTaskIdParam(raw, op.notFound);
    case 'cep':
      return parseCepParam(raw);
    case 'token':
      return parseTokenParam(raw, op.notFound);
    case 'month':
      return parseMonthParam(raw);
    case 'slug':
      return parseSlugParam(raw, op.notFound);
    case 'line':
      return parseLineParam(raw, op.notFound);
    case 'id':
      return parseIdParam(raw, op.notFound);
  }
}

function paramsOf(op: AnyOperation, ctx: Koa.Context): Record<string, string | number> {
  const params = ctx.params as Record<string, string | undefined>;
  return Object.fromEntries(pathParamNames(op.path).map((name) => [name, paramOf(op, name, params[name])]));
}

/**
 * Registers an operation's handler: the guard its access asks (a session for 'signed-in'; the
 * internal router itself is token-guarded), then `before` (an upload's parser, say), then path
 * ids (a malformed one is the operation's 404), the query and the body through their schemas (a
 * pt-BR 400 with field issues), and the answer with the operation's status. An internal operation
 * goes on the internal router (its path without the router's /internal prefix).
 */
export function route<Op extends AnyOperation>(router: Router, op: Op, handler: OperationHandler<Op>, ...before: Koa.Middleware[]): void {
  const path = op.access === 'internal' ? op.path.slice(INTERNAL_PREFIX.length) : op.path;
  if (op.access === 'internal' && !op.path.startsWith(`${INTERNAL_PREFIX}/`))
    throw new Error(`Internal operation ${op.id} must live under ${INTERNAL_PREFIX}/`);
  // The token guards the internal router only: an internal operation on the public one would answer anyone.
  if ((op.access === 'internal') !== (router.opts.prefix === INTERNAL_PREFIX))
    throw new Error(`Operation ${op.id} (${op.access}) is registered on the ${op.access === 'internal' ? 'public' : 'internal'} router.`);
  const guards: Koa.Middleware[] =
    op.access === 'signed-in'
      ? [requireUser, ...(op.roles ? [requireRole(op.roles)] : [])]
      : op.access === 'client'
        ? // A client's operation never acts as a member, even when the browser also holds a member's session.
          [requireClient, (_ctx, next) => runAsMember(undefined, next)]
        : [];
  const schemas = operationSchemas(op);
  const handle: Koa.Middleware = async (ctx) => {
    const file = op.upload ? (ctx.state.file as UploadedFile) : undefined;
    const body = schemas.body
      ? parseBody(schemas.body, ctx.request.body)
      : schemas.upload
        ? parseBody(schemas.upload, file!.fields)
        : undefined;
    const user = op.access === 'signed-in' ? currentUser(ctx) : undefined;
    const request = {
      params: paramsOf(op, ctx),
      query: schemas.query ? parseQuery(schemas.query, queryOf(ctx)) : undefined,
      body,
      user,
      client: op.access === 'client' ? signedInClient(ctx) : undefined,
      file,
      ctx,
    } as OperationRequest<Op>;
    ctx.status = op.status ?? 200;
    const answer = await handler(request);
    if (op.status === 204) {
      ctx.status = 204;
      return;
    }
    if (answer === null) {
      // JSON null is an answer (no profile yet); Koa would turn a null body into a 204.
      ctx.type = 'application/json';
      ctx.body = 'null';
    } else if (answer !== undefined) {
      // A role without money reads every answer with its money fields null, whatever the operation.
      ctx.body = user && !seesMoney(user.role) ? withoutMoney(answer) : answer;
    } else if (ctx.body === undefined) throw new HttpError(500, 'Erro interno do servidor.');
    // JSON text a handler sent as it is (the board, built by Postgres): read again for such a role only.
    else if (user && !seesMoney(user.role) && typeof ctx.body === 'string' && ctx.response.is('json'))
      ctx.body = withoutMoney(JSON.parse(ctx.body));
  };
  const methods = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'delete' } as const;
  router[methods[op.method]](path, ...guards, ...before, handle);
}
