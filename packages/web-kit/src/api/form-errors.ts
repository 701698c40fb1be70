import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** Places the server's field issues on the form's fields; true when at least one was placed. */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): boolean {
  if (!(error instanceof ApiError) || !error.body?.issues?.length) return false;
  let placed = false;
  for (const issue of error.body.issues) {
    if (!issue.path) continue;
    setError(issue.path as Path<T>, { type: 'server', message: issue.message });
    placed = true;
  }
  return placed;
}
