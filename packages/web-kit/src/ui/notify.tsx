import { Toast, ToastBody, ToastTitle, Toaster, useToastController } from '@fluentui/react-components';
import { useCallback, useEffect, useMemo } from 'react';

export const TOASTER_ID = 'corretora-toaster';
const TOAST_TIMEOUT_MS = 5000;

const NEXT_PAGE_KEY = 'corretora.notice';

/**
 * A message for the page the app is going to (the toaster lives in the signed-in layout, which a
 * screen like /register navigates to at once). Kept in sessionStorage, so any bundle can leave one.
 */
export function notifyOnNextPage(intent: 'success' | 'error', title: string, body?: string): void {
  sessionStorage.setItem(NEXT_PAGE_KEY, JSON.stringify({ intent, title, body }));
}

/** Shows, once, what notifyOnNextPage left: rendered by the signed-in layout, after the toaster. */
export function NoticeFromPreviousPage() {
  const notify = useNotify();
  useEffect(() => {
    // After the toaster's portal has mounted: a toast dispatched in the same commit is lost and
    // leaves the toaster stuck.
    const timer = setTimeout(() => {
      const raw = sessionStorage.getItem(NEXT_PAGE_KEY);
      if (!raw) return;
      sessionStorage.removeItem(NEXT_PAGE_KEY);
      try {
        const notice = JSON.parse(raw) as { intent: 'success' | 'error'; title: string; body?: string };
        notify[notice.intent === 'error' ? 'error' : 'success'](notice.title, notice.body);
      } catch {
        // A damaged notice is dropped.
      }
    }, 0);
    return () => clearTimeout(timer);
  }, [notify]);
  return null;
}

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
        // Our own id: each bundle's Fluent numbers its toasts from 1, and a toaster ignores an id it
        // still holds, so the shell's first toast would swallow a remote's first one.
        { intent, politeness: intent === 'error' ? 'assertive' : 'polite', toastId: `toast-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}` },
      );
    },
    [dispatchToast, dismissAllToasts],
  );
  return useMemo(
    () => ({ success: (title, body) => show('success', title, body), error: (title, body) => show('error', title, body) }),
    [show],
  );
}
