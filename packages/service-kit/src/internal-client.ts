import { HttpError } from './errors';

export interface InternalClient {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  delete<T>(path: string): Promise<T>;
}

/** Calls another service's /internal endpoints with the shared token; failures become a 502. */
export function createInternalClient(baseUrl: string, token: string, timeoutMs = 5000): InternalClient {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(new URL(path, baseUrl), {
        method,
        headers: { 'x-internal-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new HttpError(502, 'Serviço indisponível. Tente novamente.');
    }
    if (response.status === 404) throw new HttpError(404, 'Não encontrado.');
    if (!response.ok) throw new HttpError(502, 'Serviço indisponível. Tente novamente.');
    return (response.status === 204 ? undefined : await response.json()) as T;
  }
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body),
    delete: (path) => call('DELETE', path),
  };
}
