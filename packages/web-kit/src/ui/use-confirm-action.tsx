import { apiErrorMessage } from '@corretora/web-kit';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { useNotify } from './notify';

export interface ConfirmActionOptions<T> {
  title: string;
  confirmLabel: string;
  /** The question, about the target the broker picked. */
  message: (target: T) => string;
  /** The action itself (a mutation's mutateAsync). */
  run: (target: T) => Promise<unknown>;
  /** The success toast: its title, and an optional line under it. */
  done: { title: string; detail?: string };
  /** The failure toast's title; its line is the API's pt-BR message, or `failedDetail`. */
  failed: string;
  failedDetail?: string;
}

export interface ConfirmAction<T> {
  /** Opens the confirmation about this target. */
  ask: (target: T) => void;
  /** The dialog: render it once, anywhere in the screen. */
  dialog: ReactNode;
}

/**
 * A destructive action behind a confirmation: the dialog asks about the target, runs the action,
 * stays open and busy while it runs, toasts the outcome, and closes only when it worked (a failure
 * leaves the question open, so the broker can try again or cancel).
 */
export function useConfirmAction<T = void>(options: ConfirmActionOptions<T>): ConfirmAction<T> {
  const notify = useNotify();
  const [target, setTarget] = useState<{ value: T } | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async (value: T) => {
    setBusy(true);
    try {
      await options.run(value);
      notify.success(options.done.title, options.done.detail);
      setTarget(null);
    } catch (error) {
      notify.error(options.failed, apiErrorMessage(error, options.failedDetail ?? 'Tente novamente.'));
    } finally {
      setBusy(false);
    }
  };

  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title={options.title}
      message={target ? options.message(target.value) : ''}
      confirmLabel={options.confirmLabel}
      busy={busy}
      onOpenChange={(open) => {
        if (!open && !busy) setTarget(null);
      }}
      onConfirm={() => {
        if (target && !busy) void confirm(target.value);
      }}
    />
  );
  return { ask: (value: T) => setTarget({ value }), dialog };
}
