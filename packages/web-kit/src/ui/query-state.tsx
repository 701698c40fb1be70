import { Spinner } from '@corretora/web-kit/fluent/core';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';

/** What a screen needs to know of a query (TanStack's result has it). */
export interface QueryLike<D> {
  isLoading: boolean;
  isError: boolean;
  data: D | undefined;
}

export interface QueryStateProps<D> {
  query: QueryLike<D>;
  /** The spinner's label, e.g. 'Carregando apólices...'. */
  loading: string;
  /** Said when the query failed, e.g. 'Não foi possível carregar as apólices. Tente novamente.' */
  error: string;
  children: (data: D) => ReactNode;
}

/**
 * The three states every screen that reads a query shows the same way: a labelled spinner while it
 * loads, one pt-BR line (announced) when it failed, and the screen once there is data.
 */
export function QueryState<D>({ query, loading, error, children }: QueryStateProps<D>) {
  if (query.isLoading) return <Spinner label={loading} />;
  if (query.isError || query.data === undefined) return <EmptyState role="alert">{error}</EmptyState>;
  return <>{children(query.data)}</>;
}
