import { Agent, request, type Dispatcher } from 'undici';
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
  return (error as { code?: string }).code === 'ECONNREFUSED';
}

/** Another service's answer: its status and headers, and its body to read once (within the call's time). */
interface Answer {
  status: number;
  header(name: string): string | undefined;
  json(): Promise<unknown>;
  bytes(): Promise<Buffer>;
  /** The body is not wanted: drop it, so its connection is free again. */
  drop(): Promise<void>;
}

/** The answer's time ran out (the call's whole time, body included). */
class Timeout extends Error {}

/**
 * The service's calls keep their connections (keep-alive, as many as the calls in flight) through
 * undici's own request API: the same HTTP client as Node's fetch without the WHATWG layer (streams,
 * Request and Response objects), which cost ~0.9 ms a call on this machine (measured side by side).
 */
const dispatcher = new Agent();

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
  async function exchange(method: string, path: string, body?: unknown): Promise<Answer> {
    const first = turn++ % bases.length;
    let answer: Answer | undefined;
    for (let attempt = 0; attempt < bases.length && !answer; attempt++) {
      try {
        answer = await send(bases[(first + attempt) % bases.length]!, method, path, body);
      } catch (error) {
        const retriable = method === 'GET' ? !(error instanceof Timeout) : refused(error);
        if (!retriable || attempt === bases.length - 1) throw new HttpError(502, UNAVAILABLE);
      }
    }
    return answer!;
  }
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    return answerOf<T>(await exchange(method, path, body));
  }
  async function send(base: string, method: string, path: string, body: unknown): Promise<Answer> {
    const signal = AbortSignal.timeout(timeoutMs);
    // A body read past the call's time fails as the call does: unavailable.
    const within = async <R>(read: () => Promise<R>): Promise<R> => {
      try {
        return await read();
      } catch {
        throw new HttpError(502, UNAVAILABLE);
      }
    };
    try {
      const response = await request(new URL(path, base), {
        dispatcher,
        method: method as Dispatcher.HttpMethod,
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
        signal,
      });
      return {
        status: response.statusCode,
        header: (name) => {
          const value = response.headers[name];
          return Array.isArray(value) ? value[0] : value;
        },
        json: () => within(() => response.body.json()),
        bytes: () => within(async () => Buffer.from(await response.body.arrayBuffer())),
        drop: () => response.body.dump().then(() => undefined),
      };
    } catch (error) {
      throw signal.aborted ? new Timeout() : error;
    }
  }
  /** 404, the other side's pt-BR refusals and its failures, as a JSON call's. */
  async function refusal(answer: Answer): Promise<void> {
    if (answer.status >= 200 && answer.status < 300) return;
    if (answer.status === 404) {
      await answer.drop();
      throw new HttpError(404, 'Não encontrado.');
    }
    // The other service refused what we sent (a number already taken, say): its pt-BR answer
    // reaches the broker as it is. Anything else (5xx, a refused token) is that service failing.
    if (PASSED_ON.has(answer.status)) {
      const refusal = (await answer.json().catch(() => null)) as { message?: unknown; issues?: FieldIssue[] } | null;
      if (typeof refusal?.message === 'string') throw new HttpError(answer.status, refusal.message, refusal.issues);
    } else await answer.drop();
    throw new HttpError(502, UNAVAILABLE);
  }
  async function answerOf<T>(answer: Answer): Promise<T> {
    await refusal(answer);
    if (answer.status === 204) {
      await answer.drop();
      return undefined as T;
    }
    return (await answer.json()) as T;
  }
  async function fileOf(answer: Answer, maxBytes: number): Promise<{ bytes: Buffer; name: string; mimeType: string }> {
    await refusal(answer);
    if (Number(answer.header('content-length') ?? 0) > maxBytes) {
      await answer.drop();
      throw new HttpError(413, TOO_LARGE_FILE);
    }
    const bytes = await answer.bytes();
    if (bytes.length > maxBytes) throw new HttpError(413, TOO_LARGE_FILE);
    return {
      bytes,
      name: attachmentName(answer.header('content-disposition') ?? null) ?? 'arquivo',
      mimeType: answer.header('content-type') ?? 'application/octet-stream',
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
