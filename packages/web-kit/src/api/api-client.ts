import type { ApiErrorBody } from '@corretora/contracts';

/** A failed call. Its message is `status: body` (the body text, or the status text when empty), as every screen's generic failure shows it; the parsed body is kept for forms. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly body: ApiErrorBody | null,
    statusText = '',
    /** The path that was called (a client portal's 401 is not the member's session ending). */
    readonly path = '',
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function parseErrorBody(text: string): ApiErrorBody | null {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object' && typeof (parsed as ApiErrorBody).message === 'string') return parsed as ApiErrorBody;
  } catch {
    // not JSON: the text itself is the body
  }
  return null;
}

/** Every call of every front end: same-origin cookie session, JSON both ways. */
export async function apiRequest<T>(method: HttpMethod, path: string, body?: unknown, baseUrl = ''): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    credentials: 'include',
    headers:
      body === undefined || isForm ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
  });
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(response.status, text, parseErrorBody(text), response.statusText, path);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The server's pt-BR message when it sent one, else the screen's own fallback text. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.body?.message ? error.body.message : fallback;
}
