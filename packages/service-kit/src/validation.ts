import {
  CEP_MESSAGES,
  MAX_ID,
  PRIVACY_SLUG_PATTERN,
  isLineKey,
  isValidCep,
  issuesToFieldErrors,
  normalizeCep,
  parseTaskId,
} from '@corretora/contracts';
import type Koa from 'koa';
import * as v from 'valibot';
import { HttpError } from './errors';

/** The one door from a request body to the domain: the contracts schema, or a 400 with field issues. */
export function parseBody<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  // An empty body ('' from the parser) is no fields, as a missing one is.
  const result = v.safeParse(schema, input === '' || input === undefined || input === null ? {} : input);
  if (result.success) return result.output;
  throw new HttpError(400, 'Dados inválidos.', issuesToFieldErrors(result.issues));
}

/** A query string through its schema: a 400 whose message is the first problem (no form shows the fields). */
export function parseQuery<S extends v.GenericSchema>(schema: S, input: Record<string, string>): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const issues = issuesToFieldErrors(result.issues);
  throw new HttpError(400, issues[0]?.message ?? 'Parâmetros inválidos.', issues);
}

export { MAX_ID };

/** Ids are integers 1..MAX_ID; anything else cannot exist, so it is a 404 like any unknown id. */
export function parseIdParam(raw: string | undefined, message = 'Não encontrado.'): number {
  if (!raw || !/^\d{1,10}$/.test(raw)) throw new HttpError(404, message);
  const id = Number(raw);
  if (id <= 0 || id > MAX_ID) throw new HttpError(404, message);
  return id;
}

/** A task's id in a path ('card-12', 'renewal-34'): anything else is the operation's 404. */
/** A CEP in a path: 8 digits, with or without the hyphen; anything else a pt-BR 400 on `cep`. */
export function parseCepParam(raw: string | undefined): string {
  if (!raw || !isValidCep(raw)) throw new HttpError(400, CEP_MESSAGES.invalid, [{ path: 'cep', message: CEP_MESSAGES.invalid }]);
  return normalizeCep(raw);
}

const MONTH_INVALID = 'Mês inválido: use AAAA-MM';

/** A month in a path ('2026-11'): anything else is a pt-BR 400. */
export function parseMonthParam(raw: string | undefined): string {
  const match = /^(\d{4})-(\d{2})$/.exec(raw ?? '');
  if (!match || Number(match[2]) < 1 || Number(match[2]) > 12)
    throw new HttpError(400, MONTH_INVALID, [{ path: 'month', message: MONTH_INVALID }]);
  return raw!;
}

/** A privacy page's address in a path ('corretora-silva'): anything else is the operation's 404. */
export function parseSlugParam(raw: string | undefined, message = 'Não encontrado.'): string {
  if (!raw || !PRIVACY_SLUG_PATTERN.test(raw)) throw new HttpError(404, message);
  return raw;
}

/** A line's key in a path ('auto'); any other text is the operation's 404. */
export function parseLineParam(raw: string | undefined, message = 'Não encontrado.'): string {
  if (!raw || !isLineKey(raw)) throw new HttpError(404, message);
  return raw;
}

export function parseTaskIdParam(raw: string | undefined, message = 'Não encontrado.'): string {
  if (!raw || !parseTaskId(raw)) throw new HttpError(404, message);
  return raw;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A broker's, a member's or an invitation's id in a path: anything but a UUID is a 404. */
export function parseUuidParam(raw: string | undefined, message = 'Não encontrado.'): string {
  if (!raw || !UUID.test(raw)) throw new HttpError(404, message);
  return raw.toLowerCase();
}

/** An invitation's token in a path (base64url, as issued): anything else is a 404. */
export function parseTokenParam(raw: string | undefined, message = 'Não encontrado.'): string {
  if (!raw || !/^[\w-]{20,100}$/.test(raw)) throw new HttpError(404, message);
  return raw;
}

export const INVALID_CHARACTER = 'Texto com caractere inválido.';

/** The path (as the form names it) of the first string holding a NUL, which Postgres text refuses. */
function findNul(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (depth > 32) return null;
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNul(item, [...path, String(index)], depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key.split('\u0000').join('')];
      const found = findNul(item, [...path, key], depth + 1);
      if (found) return found;
    }
  }
  return null;
}

/**
 * No NUL character reaches a handler, in the body, the query or the path: every route, present and
 * future, answers 400 instead of the 500 Postgres would cause.
 */
export const rejectNulCharacters: Koa.Middleware = async (ctx, next) => {
  if (
    ctx.path.includes('\u0000') ||
    ctx.path.toLowerCase().includes('%00') ||
    ctx.querystring.toLowerCase().includes('%00') ||
    findNul(ctx.query)
  ) {
    throw new HttpError(400, INVALID_CHARACTER);
  }
  const inBody = findNul(ctx.request.body);
  if (inBody) {
    const path = inBody.join('.');
    throw new HttpError(400, INVALID_CHARACTER, path ? [{ path, message: INVALID_CHARACTER }] : undefined);
  }
  await next();
};
