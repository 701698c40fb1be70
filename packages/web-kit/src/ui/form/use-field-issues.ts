import { useCallback, useState } from 'react';
import type * as v from 'valibot';
// By name, not by path: ApiError must be the shared kit's class for instanceof to hold.
import { ApiError, apiErrorMessage } from '@corretora/web-kit';
import { useNotify } from '../notify';

/**
 * For a dialog that keeps its fields in its own state: field issues by path (shown under their
 * fields) from the contract's schema before sending (`check`) or from the server, and a toast when a
 * failure names no field (`title`, with the server's message).
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
  /**
   * What the form holds through the operation's own schema: the body to send as it is (the schema
   * accepted it, so it is the operation's input), or null with every issue under its field (`field`
   * names the form's field of a body path, when they differ).
   */
  const check = useCallback(
    <S extends v.GenericSchema>(schema: S, input: unknown, field = (path: string) => path): v.InferInput<S> | null => {
      // Through the schema's Standard Schema face: no page loads valibot's runtime for this.
      const result = schema['~standard'].validate(input) as Awaited<ReturnType<S['~standard']['validate']>>;
      if (!result.issues) {
        setIssues({});
        return input as v.InferInput<S>;
      }
      const found: Record<string, string> = {};
      for (const issue of result.issues) {
        const path = field((issue.path ?? []).map((segment) => String(typeof segment === 'object' ? segment.key : segment)).join('.'));
        found[path] ??= issue.message;
      }
      setIssues(found);
      return null;
    },
    [],
  );
  return { issues, setIssues, fail, check };
}

/** A number field's text as the schema reads it: empty is missing, '12,5' is 12.5, anything else NaN (a number the schema refuses). */
export function formNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed.replace(',', '.'));
}
