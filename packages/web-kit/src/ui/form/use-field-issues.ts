import { useCallback, useState } from 'react';
// By name, not by path: ApiError must be the shared kit's class for instanceof to hold.
import { ApiError, apiErrorMessage } from '@corretora/web-kit';
import { useNotify } from '../notify';

/**
 * For a dialog that keeps its fields in its own state: the server's field issues by path (shown
 * under their fields), and a toast when a failure names no field (`title`, with the server's message).
 */
export function useFieldIssues() {
  const notify = useNotify();
  const [issues, setIssues] = useState<Record<string, string>>({});
  const fail = useCallback(
    (error: unknown, title: string) => {
      const fields = error instanceof ApiError ? (error.body?.issues ?? []) : [];
      setIssues(Object.fromEntries(fields.map((issue) => [issue.path, issue.message])));
      if (fields.length === 0) notify.error(title, apiErrorMessage(error, ''));
    },
    [notify],
  );
  return { issues, setIssues, fail };
}
