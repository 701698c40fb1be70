import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { installInbox, sendNotice, subscribeInbox, waitingNotices } from './toast-inbox';

export { TOASTER_ID } from './toast-inbox';

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
    // After the layout's first commit, so the toaster's inbox is listening.
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

const ToasterSurface = lazy(() => import('./toaster-surface'));

/**
 * Rendered once by the signed-in layout. Until the first toast of a visit it is an empty listener:
 * Fluent's toaster (toasts, motion, portal) loads then, not with every page.
 */
export function AppToaster() {
  installInbox();
  // Sent before this layout was there (signed out, say): never shown. Pages' effects run after
  // this render, so their notices are newer.
  const [since] = useState(() => Date.now());
  const notices = useSyncExternalStore(subscribeInbox, waitingNotices);
  const [wanted, setWanted] = useState(false);
  if (!wanted && notices.some((notice) => notice.at >= since)) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToasterSurface since={since} />
    </Suspense>
  );
}

export interface Notify {
  success(title: string, body?: string): void;
  error(title: string, body?: string): void;
}

const NOTIFY: Notify = {
  success: (title, body) => sendNotice('success', title, body),
  error: (title, body) => sendNotice('error', title, body),
};

/** Toasts from any app: they reach the shell's toaster as a window event (see toast-inbox.ts). */
export function useNotify(): Notify {
  return NOTIFY;
}
