import type { FieldIssue } from '@corretora/contracts';
import type Koa from 'koa';
import { NotFoundError, UniqueViolationError, ValidationError } from 'objection';

/** What a unique constraint means to the person who hit it: the form field and the pt-BR message. */
export type UniqueConstraints = Readonly<Record<string, { field: string; message: string }>>;

/** Whether an error is a unique violation (of this constraint, when named). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const violation = uniqueViolation(error);
  return violation !== null && (constraint === undefined || violation.constraint === constraint);
}

/** A unique violation, from objection or straight from pg (23505), with its constraint's name. */
function uniqueViolation(error: unknown): { constraint: string | undefined } | null {
  if (error instanceof UniqueViolationError) return { constraint: error.constraint };
  const pgError = error as { code?: string; constraint?: string } | null;
  return pgError?.code === '23505' ? { constraint: pgError.constraint } : null;
}

/** A caller mistake with a pt-BR message; the error middleware turns it into the JSON error shape. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: FieldIssue[],
    /** Extra answer headers, e.g. Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function notFound(message = 'Não encontrado.'): HttpError {
  return new HttpError(404, message);
}

interface BodyParserError {
  status?: number;
  type?: string;
  expose?: boolean;
}

const GENERIC_MESSAGES: Record<number, string> = {
  400: 'Requisição inválida.',
  401: 'Não autenticado.',
  403: 'Acesso negado.',
  404: 'Não encontrado.',
  405: 'Método não permitido.',
  413: 'Requisição muito grande.',
  429: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  415: 'Tipo de conteúdo não suportado.',
};

/** SQLSTATEs our own database code raises (account-gate.ts, a service's triggers), and what they mean to the broker: a 409. */
export const ACCOUNT_CLEARING_SQLSTATE = 'CR409';
export const ACCOUNT_CLEARED_SQLSTATE = 'CR410';
/** A write to a data subject kept only for the retention duty (LGPD): the pipeline's triggers refuse it. */
export const SUBJECT_BLOCKED_SQLSTATE = 'CR423';
export const SUBJECT_BLOCKED_MESSAGE =
  'Contato bloqueado por um pedido de eliminação (LGPD): os dados são mantidos só pela guarda da apólice e não podem ser alterados nem receber novos registros.';
const SQLSTATE_CONFLICTS: Readonly<Record<string, string>> = {
  [SUBJECT_BLOCKED_SQLSTATE]: SUBJECT_BLOCKED_MESSAGE,
  [ACCOUNT_CLEARING_SQLSTATE]:
    'Limpeza de dados em andamento. Aguarde alguns segundos e tente novamente; se a limpeza falhou, repita Limpar Dados no menu do usuário.',
  [ACCOUNT_CLEARED_SQLSTATE]: 'Os dados da conta foram limpos enquanto esta operação era feita. Confira e tente novamente.',
};

/** Maps every error to `{ message, issues? }` in one place; a 500 never leaks details. */
export function mapError(
  error: unknown,
  constraints: UniqueConstraints = {},
): { status: number; message: string; issues?: FieldIssue[]; headers?: Record<string, string> } {
  if (error instanceof HttpError) return { status: error.status, message: error.message, issues: error.issues, headers: error.headers };
  if (error instanceof NotFoundError) return { status: 404, message: 'Não encontrado.' };
  const conflict = SQLSTATE_CONFLICTS[(error as { code?: unknown } | null)?.code as string];
  if (conflict) return { status: 409, message: conflict };
  const unique = uniqueViolation(error);
  if (unique) {
    const known = unique.constraint ? constraints[unique.constraint] : undefined;
    return known
      ? { status: 409, message: known.message, issues: [{ path: known.field, message: known.message }] }
      : { status: 409, message: 'Registro já existe.' };
  }
  if (error instanceof ValidationError) return { status: 400, message: 'Dados inválidos.' };
  const parserError = error as BodyParserError;
  // co-body marks a JSON syntax error with status 400.
  if (error instanceof SyntaxError && parserError.status === 400) return { status: 400, message: 'JSON inválido.' };
  if (parserError?.type === 'entity.parse.failed') return { status: 400, message: 'JSON inválido.' };
  if (parserError?.type === 'entity.too.large') return { status: 413, message: 'Requisição muito grande.' };
  if (parserError?.type === 'encoding.unsupported' || parserError?.type === 'charset.unsupported') {
    return { status: 415, message: 'Codificação não suportada.' };
  }
  // ctx.throw(4xx) and other http-errors: keep the status, answer with our pt-BR wording.
  const status = parserError?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, message: GENERIC_MESSAGES[status] ?? 'Requisição inválida.' };
  }
  return { status: 500, message: 'Erro interno do servidor.' };
}

export function errorMiddleware(constraints: UniqueConstraints = {}): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.set('Cache-Control', 'no-store');
        ctx.body = { message: 'Rota não encontrada.' };
      }
    } catch (error) {
      const mapped = mapError(error, constraints);
      if (mapped.status >= 500) ctx.state.log?.error({ err: error, requestId: ctx.state.requestId }, 'request failed');
      ctx.status = mapped.status;
      // An error is as personal as any answer: never kept by a shared cache.
      ctx.set('Cache-Control', 'no-store');
      if (mapped.headers) ctx.set(mapped.headers);
      ctx.body = mapped.issues ? { message: mapped.message, issues: mapped.issues } : { message: mapped.message };
    }
  };
}
