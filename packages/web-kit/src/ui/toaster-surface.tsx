import { Toast, ToastBody, ToastTitle, Toaster, useToastController } from '@corretora/web-kit/fluent/toast';
import { useEffect, useSyncExternalStore } from 'react';
import { TOASTER_ID, subscribeInbox, takeNotices, waitingNotices } from './toast-inbox';

const TOAST_TIMEOUT_MS = 5000;

/** Fluent's toaster, loaded with the first toast of a visit (see notify.tsx); shows the inbox's notices. */
export default function ToasterSurface({ since }: { since: number }) {
  const { dispatchToast, dismissAllToasts } = useToastController(TOASTER_ID);
  const notices = useSyncExternalStore(subscribeInbox, waitingNotices);
  useEffect(() => {
    if (notices.length === 0) return undefined;
    // After the toaster's portal has mounted: a toast dispatched in the same commit is lost.
    const timer = setTimeout(() => {
      for (const notice of takeNotices().filter((waiting) => waiting.at >= since)) {
        // One toast at a time: a new message replaces the current one.
        dismissAllToasts();
        dispatchToast(
          <Toast>
            <ToastTitle>{notice.title}</ToastTitle>
            {notice.body ? <ToastBody>{notice.body}</ToastBody> : null}
          </Toast>,
          { intent: notice.intent, politeness: notice.intent === 'error' ? 'assertive' : 'polite', toastId: notice.id },
        );
      }
    }, 0);
    return () => clearTimeout(timer);
  }, [notices, since, dispatchToast, dismissAllToasts]);
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
