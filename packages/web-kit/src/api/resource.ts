import type { CachedResource } from '@corretora/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** The query of a GET endpoint several apps cache under one key (the resource comes from contracts). */
export const resourceQueryOptions = <T>(resource: CachedResource<T>) =>
  queryOptions({ queryKey: resource.key, queryFn: () => apiRequest<T>('GET', resource.path) });

export function useResource<T>(resource: CachedResource<T>, options: { enabled?: boolean; staleTime?: number; gcTime?: number } = {}) {
  // Only what is set: an undefined staleTime would override the client's default (never stale).
  const timing = Object.fromEntries(Object.entries({ staleTime: options.staleTime, gcTime: options.gcTime }).filter(([, value]) => value !== undefined));
  return useQuery({ ...resourceQueryOptions(resource), ...timing, enabled: options.enabled ?? true });
}
