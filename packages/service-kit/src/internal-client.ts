import { currentRequestId } from './logging';
import {
  fillPath,
  type AnswerOf,
  type AnyOperation,
  type BodyInputOf,
  type FieldIssue,
  type ParamsOf,
  type QueryInputOf,
} from '@corretora/contracts';
import { HttpError } from './errors';

/** Refusals of another service that are about the request, not about that service failing. */
const PASSED_ON = new Set([400, 409, 413, 422]);

export interface InternalClient {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  delete<T>(path: string): Promise<T>;
  /** Calls another service's internal operation: its path filled, its query and body as declared. */
  call<Op extends AnyOperation>(
    op: Op,
    input: { params: ParamsOf<Op>; query?: QueryInputOf<Op>; body?: BodyInputOf<Op> },
  ): Promise<AnswerOf<Op>>;
}

/** Calls another service's /internal endpoints with the shared token; failures become a 502. */
export function createInternalClient(baseUrl: string, token: string, timeoutMs = 5000): InternalClient {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(new URL(path, baseUrl), {
        method,
        headers: {
          'x-internal-token': token,
          // The request this call serves: the other service logs under the same id.
          ...(currentRequestId() ? { 'x-request-id': currentRequestId()! } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new HttpError(502, 'Serviço indisponível. Tente novamente.');
    }
    if (response.status === 404) throw new HttpError(404, 'Não encontrado.');
    // The other service refused what we sent (a number already taken, say): its pt-BR answer
    // reaches the broker as it is. Anything else (5xx, a refused token) is that service failing.
    if (PASSED_ON.has(response.status)) {
      const answer = (await response.json().catch(() => null)) as { message?: unknown; issues?: FieldIssue[] } | null;
      if (typeof answer?.message === 'string') throw new HttpError(response.status, answer.message, answer.issues);
    }
    if (!response.ok) throw new HttpError(502, 'Serviço indisponível. Tente novamente.');
    return (response.status === 204 ? undefined : await response.json()) as T;
  }
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body),
    delete: (path) => call('DELETE', path),
    call: (op, input) => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
        if (value !== undefined && value !== null) query.set(key, String(value));
      }
      const path = fillPath(op.path, input.params as Record<string, string | number>) + (query.size > 0 ? `?${query}` : '');
      return call(op.method, path, input.body);
    },
  };
}
