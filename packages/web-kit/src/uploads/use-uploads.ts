import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiErrorMessage } from '@corretora/web-kit';
import { UploadCancelled, type UploadProgress } from './upload-operation';

export type UploadState = 'sending' | 'sent' | 'refused' | 'failed' | 'cancelled';

/** One file on its way: how far it is, and how it ended. */
export interface UploadItem {
  key: number;
  name: string;
  size: number;
  state: UploadState;
  progress: UploadProgress;
  /** Why it was refused or failed (the server's pt-BR message, or the screen's check). */
  message: string | null;
}

/** Sends one file: its progress reported, cancelled by the signal. */
export type SendFile = (file: File, options: { signal: AbortSignal; onProgress: (progress: UploadProgress) => void }) => Promise<unknown>;

const FAILED = 'Não foi possível enviar. Verifique a conexão e tente de novo.';

/**
 * Several files sent at once, each its own line: its progress, cancelled alone, and its end —
 * sent, refused with the reason (the screen's check before sending, or the server's 4xx), failed
 * (network or server error) with retry. `onSent` runs after each file the server took, `onFailed`
 * after each one refused or failed (not cancelled), with its line's message: the screen's toast.
 */
export function useUploads(
  send: SendFile,
  options: { check?: (file: File) => string | null; onSent?: () => void; onFailed?: (message: string) => void } = {},
) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const files = useRef(new Map<number, File>());
  const controllers = useRef(new Map<number, AbortController>());
  const next = useRef(1);
  const latest = useRef({ send, options });
  useEffect(() => {
    latest.current = { send, options };
  });
  useEffect(() => () => controllers.current.forEach((controller) => controller.abort()), []);

  const update = (key: number, change: Partial<UploadItem>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const start = useCallback((key: number, file: File) => {
    const controller = new AbortController();
    controllers.current.set(key, controller);
    update(key, { state: 'sending', message: null, progress: { sent: 0, total: file.size } });
    latest.current
      .send(file, { signal: controller.signal, onProgress: (progress) => update(key, { progress }) })
      .then(
        () => {
          update(key, { state: 'sent', progress: { sent: file.size, total: file.size } });
          latest.current.options.onSent?.();
        },
        (error: unknown) => {
          if (error instanceof UploadCancelled) {
            update(key, { state: 'cancelled', message: null });
            return;
          }
          const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
          const message = refused ? apiErrorMessage(error, 'O arquivo foi recusado.') : apiErrorMessage(error, FAILED);
          update(key, { state: refused ? 'refused' : 'failed', message });
          latest.current.options.onFailed?.(message);
        },
      )
      .finally(() => controllers.current.delete(key));
  }, []);

  const add = useCallback(
    (chosen: Iterable<File>) => {
      for (const file of chosen) {
        const key = next.current++;
        const refused = latest.current.options.check?.(file) ?? null;
        files.current.set(key, file);
        setItems((current) => [
          ...current,
          {
            key,
            name: file.name,
            size: file.size,
            state: refused ? 'refused' : 'sending',
            progress: { sent: 0, total: file.size },
            message: refused,
          },
        ]);
        if (refused) latest.current.options.onFailed?.(refused);
        else start(key, file);
      }
    },
    [start],
  );

  return {
    items,
    add,
    sending: items.some((item) => item.state === 'sending'),
    cancel: (key: number) => controllers.current.get(key)?.abort(),
    retry: (key: number) => {
      const file = files.current.get(key);
      if (file) start(key, file);
    },
    /** Forgets the lines that ended. */
    clear: () => setItems((current) => current.filter((item) => item.state === 'sending')),
  };
}
