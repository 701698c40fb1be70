/**
 * Toasts travel between bundles as a window event: web-kit/ui is bundled into each app, so a
 * remote's useNotify cannot reach the shell's toaster by module identity, and it no longer needs
 * Fluent's toast code at all. The shell's AppToaster keeps what arrives here until its toaster's
 * code has loaded (the first toast of a visit fetches it).
 */
export const NOTIFY_EVENT = 'corretora:notify';
export const TOASTER_ID = 'corretora-toaster';

export interface Notice {
  intent: 'success' | 'error';
  title: string;
  body?: string;
  /** Unique across bundles: each bundle's Fluent would number its toasts from 1. */
  id: string;
  /** When it was sent (ms): a toaster shows nothing sent before it was there. */
  at: number;
}

export function sendNotice(intent: Notice['intent'], title: string, body?: string): void {
  const at = Date.now();
  const notice: Notice = { intent, title, body, at, id: `toast-${at.toString(36)}-${Math.random().toString(36).slice(2)}` };
  window.dispatchEvent(new CustomEvent<Notice>(NOTIFY_EVENT, { detail: notice }));
}

let waiting: Notice[] = [];
const listeners = new Set<() => void>();
let installed = false;

/** Starts collecting notices (idempotent; the shell's AppToaster calls it while rendering, before any page's effect can send one). */
export function installInbox(): void {
  if (installed) return;
  installed = true;
  window.addEventListener(NOTIFY_EVENT, (event) => {
    waiting = [...waiting, (event as CustomEvent<Notice>).detail];
    for (const listener of listeners) listener();
  });
}

export function subscribeInbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The notices not shown yet (a stable array between changes, for useSyncExternalStore). */
export function waitingNotices(): Notice[] {
  return waiting;
}

/** Hands the waiting notices over to the toaster. */
export function takeNotices(): Notice[] {
  const taken = waiting;
  waiting = [];
  for (const listener of listeners) listener();
  return taken;
}
