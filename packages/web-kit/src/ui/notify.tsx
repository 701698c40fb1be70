import { Toast, ToastBody, ToastTitle, Toaster, useToastController } from '@fluentui/react-components';
import { useCallback, useMemo } from 'react';

export const TOASTER_ID = 'corretora-toaster';
const TOAST_TIMEOUT_MS = 5000;

/** Rendered once by the shell; remotes reach it through useNotify (web-kit is a shared singleton). */
export function AppToaster() {
  return (
    <Toaster
      toasterId={TOASTER_ID}
      position="top-end"
      limit={1}
      timeout={TOAST_TIMEOUT_MS}
      pauseOnHover
      shortcuts={{ focus: (event) => event.key === 'F8' }}
    />
  );
}

export interface Notify {
  success(title: string, body?: string): void;
  error(title: string, body?: string): void;
}

export function useNotify(): Notify {
  const { dispatchToast, dismissAllToasts } = useToastController(TOASTER_ID);
  const show = useCallback(
    (intent: 'success' | 'error', title: string, body?: string) => {
      // One toast at a time: a new message replaces the current one.
      dismissAllToasts();
      dispatchToast(
        <Toast>
          <ToastTitle>{title}</ToastTitle>
          {body ? <ToastBody>{body}</ToastBody> : null}
        </Toast>,
        { intent, politeness: intent === 'error' ? 'assertive' : 'polite' },
      );
    },
    [dispatchToast, dismissAllToasts],
  );
  return useMemo(
    () => ({ success: (title, body) => show('success', title, body), error: (title, body) => show('error', title, body) }),
    [show],
  );
}
