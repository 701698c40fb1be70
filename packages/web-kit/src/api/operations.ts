import { fillPath, type AnswerOf, type AnyOperation, type BodyInputOf, type ParamsOf, type QueryInputOf } from '@corretora/contracts';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';

type Optional<Key extends string, Value> = [Value] extends [undefined] ? { [K in Key]?: undefined } : { [K in Key]: Value };

/** What a call of an operation sends: its path parameters, query and body, typed by the operation. */
export type OperationInput<Op> = ([keyof ParamsOf<Op>] extends [never] ? { params?: undefined } : { params: ParamsOf<Op> }) &
  ([QueryInputOf<Op>] extends [undefined] ? { query?: undefined } : { query?: Partial<QueryInputOf<Op>> }) &
  (Op extends { upload: object }
    ? { body: FormData }
    : Op extends { bodyOneOf: object }
      ? { body?: BodyInputOf<Op> }
      : Optional<'body', BodyInputOf<Op>>);

/** The operation's URL: its path filled in, its query (undefined and '' left out). */
export function operationUrl(op: AnyOperation, input: { params?: object; query?: object } = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const search = query.toString();
  return fillPath(op.path, input.params as Record<string, string | number> | undefined) + (search ? `?${search}` : '');
}

/** Calls an operation: method, URL and body as it declares them; the answer typed as it declares it. */
export function callOperation<Op extends AnyOperation>(
  op: Op,
  ...[input]: [keyof OperationInput<Op>] extends [never] ? [] : [OperationInput<Op>] | []
): Promise<AnswerOf<Op>> {
  const { body, ...rest } = (input ?? {}) as { body?: unknown; params?: object; query?: object };
  return apiRequest<AnswerOf<Op>>(op.method, operationUrl(op, rest), body);
}

/**
 * The cache key of an operation's answer: its id, then what was asked. Every app derives the same
 * key from the same operation, so the shell and a remote share one entry; `[op.id]` alone is the
 * prefix that invalidates every answer of the operation.
 */
export function operationKey(op: AnyOperation, input: { params?: object; query?: object } = {}): readonly unknown[] {
  return [op.id, ...(input.params ? [input.params] : []), ...(input.query ? [input.query] : [])];
}

/** TanStack Query options of a read operation. */
export function operationQuery<Op extends AnyOperation>(op: Op, input?: OperationInput<Op>) {
  const asked = (input ?? {}) as { params?: object; query?: object };
  return queryOptions({
    queryKey: operationKey(op, asked),
    queryFn: () => apiRequest<AnswerOf<Op>>(op.method, operationUrl(op, asked)),
  });
}

export interface OperationQueryOptions {
  enabled?: boolean;
  staleTime?: number;
  gcTime?: number;
  /** Keep showing the previous answer while a new filter loads. */
  keepPrevious?: boolean;
}

/** The answer of a read operation, cached under its key. */
export function useOperation<Op extends AnyOperation>(op: Op, input?: OperationInput<Op>, options: OperationQueryOptions = {}) {
  // Only what is set: an undefined staleTime would override the client's default (never stale).
  const timing = Object.fromEntries(
    Object.entries({ staleTime: options.staleTime, gcTime: options.gcTime }).filter(([, value]) => value !== undefined),
  );
  return useQuery({
    ...operationQuery(op, input),
    ...timing,
    enabled: options.enabled ?? true,
    ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
}

/**
 * Marks every cached answer of these operations stale and asks for each again, shown or not: the
 * client never refetches on mount (section 9), so an answer cached by a screen the broker left (the
 * ficha, before a task was written about the client) would otherwise come back as it was.
 */
export function invalidateOperations(queryClient: QueryClient, ...ops: AnyOperation[]): Promise<void[]> {
  return Promise.all(ops.map((op) => queryClient.invalidateQueries({ queryKey: [op.id], refetchType: 'all' })));
}
