import { FRESH_HEADER, readsMayLag } from './read-replica';
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
import { clientActorHeaderOf, currentClientActor, currentMember, memberHeaderOf } from './member-context';
import { attachmentName } from './send-file';

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
  /** Another service's internal file (its sendFile): the bytes, refused past `maxBytes`, with its name and type. */
  file<Op extends AnyOperation>(
    op: Op,
    input: { params: ParamsOf<Op>; query?: QueryInputOf<Op> },
    maxBytes: number,
  ): Promise<{ bytes: Buffer; name: string; mimeType: string }>;
}

/** A file that came from another service. */
const TOO_LARGE_FILE = 'O arquivo passa do tamanho que pode ser enviado.';

const UNAVAILABLE = 'Serviço indisponível. Tente novamente.';

/** The request never reached the other side (nothing listens there now): safe to send elsewhere. */
function refused(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code === 'ECONNREFUSED';
}

/**
 * Calls another service's /internal endpoints with the shared token; failures become a 502.
 * `baseUrl` may list the service's replicas, comma-separated (the embedded stack's replicas; in
 * compose one name resolves to all of them): calls take turns, and one that finds a replica gone
 * goes to the next: a read whatever happened, a write only when its connection was refused (it was
 * never sent, so it cannot run twice).
 */
export function createInternalClient(baseUrl: string, token: string, timeoutMs = 5000): InternalClient {
  const bases = baseUrl
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  let turn = 0;
  async function exchange(method: string, path: string, body?: unknown): Promise<Response> {
    const first = turn++ % bases.length;
    let response: Response | undefined;
    for (let attempt = 0; attempt < bases.length && !response; attempt++) {
      try {
        response = await send(bases[(first + attempt) % bases.length]!, method, path, body);
      } catch (error) {
        const retriable = method === 'GET' ? (error as Error).name !== 'TimeoutError' : refused(error);
        if (!retriable || attempt === bases.length - 1) throw new HttpError(502, UNAVAILABLE);
      }
    }
    return response!;
  }
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    return answerOf<T>(await exchange(method, path, body));
  }
  function send(base: string, method: string, path: string, body: unknown): Promise<Response> {
    return fetch(new URL(path, base), {
      method,
      headers: {
        'x-internal-token': token,
        // The member the call acts for: the other side's scope narrows as this one's does.
        ...memberHeaderOf(currentMember()),
        // Or the client on the portal: what the other side writes is marked as theirs in the audit log.
        ...(currentMember() ? {} : clientActorHeaderOf(currentClientActor())),
        // A write's call, a read right after one, a job's: the other side reads its primary too (read-replica.ts).
        ...(readsMayLag() ? {} : { [FRESH_HEADER]: '1' }),
        // The request this call serves: the other service logs under the same id.
        ...(currentRequestId() ? { 'x-request-id': currentRequestId()! } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  }
  /** 404, the other side's pt-BR refusals and its failures, as a JSON call's. */
  async function refusal(response: Response): Promise<void> {
    if (response.status === 404) throw new HttpError(404, 'Não encontrado.');
    // The other service refused what we sent (a number already taken, say): its pt-BR answer
    // reaches the broker as it is. Anything else (5xx, a refused token) is that service failing.
    if (PASSED_ON.has(response.status)) {
      const answer = (await response.json().catch(() => null)) as { message?: unknown; issues?: FieldIssue[] } | null;
      if (typeof answer?.message === 'string') throw new HttpError(response.status, answer.message, answer.issues);
    }
    if (!response.ok) throw new HttpError(502, UNAVAILABLE);
  }
  async function answerOf<T>(response: Response): Promise<T> {
    await refusal(response);
    return (response.status === 204 ? undefined : await response.json()) as T;
  }
  async function fileOf(response: Response, maxBytes: number): Promise<{ bytes: Buffer; name: string; mimeType: string }> {
    await refusal(response);
    if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
      await response.body?.cancel();
      throw new HttpError(413, TOO_LARGE_FILE);
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > maxBytes) throw new HttpError(413, TOO_LARGE_FILE);
    return {
      bytes,
      name: attachmentName(response.headers.get('content-disposition')) ?? 'arquivo',
      mimeType: response.headers.get('content-type') ?? 'application/octet-stream',
    };
  }
  function pathOf(op: AnyOperation, input: { params: unknown; query?: unknown }): string {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
      if (value !== undefined && value !== null) query.set(key, String(value));
    }
    return fillPath(op.path, input.params as Record<string, string | number>) + (query.size > 0 ? `?${query}` : '');
  }
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body),
    delete: (path) => call('DELETE', path),
    call: (op, input) => call(op.method, pathOf(op, input), input.body),
    file: async (op, input, maxBytes) => fileOf(await exchange('GET', pathOf(op, input)), maxBytes),
  };
}
