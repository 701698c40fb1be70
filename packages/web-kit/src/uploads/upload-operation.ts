import type { AnswerOf, AnyOperation, ApiErrorBody } from '@corretora/contracts';
import { ApiError, operationUrl, type OperationInput } from '@corretora/web-kit';

/** The server's error body when it is the API's JSON ({ message, issues? }); null otherwise. */
function errorBody(text: string): ApiErrorBody | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string'
      ? (parsed as ApiErrorBody)
      : null;
  } catch {
    return null;
  }
}

/** How far an upload is: bytes sent of the total (the request body, multipart envelope included). */
export interface UploadProgress {
  sent: number;
  total: number;
}

/** The upload was cancelled by the broker (AbortSignal). */
export class UploadCancelled extends Error {
  constructor() {
    super('Envio cancelado.');
    this.name = 'UploadCancelled';
  }
}

/**
 * An upload operation called with its progress: XMLHttpRequest (fetch reports no upload progress),
 * the same cookie session and answers as callOperation (ApiError with the server's pt-BR body on a
 * 4xx/5xx; a network failure is an ApiError with status 0). `signal` cancels it (UploadCancelled).
 */
export function uploadOperation<Op extends AnyOperation & { upload: object }>(
  op: Op,
  input: OperationInput<Op>,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<AnswerOf<Op>> {
  const { body, ...rest } = input as { body: FormData; params?: object; query?: object };
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(op.method, operationUrl(op, rest));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => options.onProgress?.({ sent: event.loaded, total: event.lengthComputable ? event.total : 0 });
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, text, errorBody(text), xhr.statusText));
        return;
      }
      resolve((text ? JSON.parse(text) : undefined) as AnswerOf<Op>);
    };
    xhr.onerror = () => reject(new ApiError(0, '', null, 'Falha de rede'));
    xhr.onabort = () => reject(new UploadCancelled());
    if (options.signal?.aborted) {
      reject(new UploadCancelled());
      return;
    }
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
