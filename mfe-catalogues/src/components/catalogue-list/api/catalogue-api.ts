import { REFERENCE_DATA_RESOURCE } from '@corretora/contracts';
import { apiRequest } from '@corretora/web-kit';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { replaceSorted } from '../utils/changed-fields';

export interface CatalogueItem {
  id: number;
  name: string;
  isActive: boolean;
}

export type CatalogueKey = 'products' | 'insurers' | 'lead-sources';

export const catalogueQueryKey = (key: CatalogueKey) => ['catalogues', key] as const;

export const catalogueQueryOptions = <T extends CatalogueItem>(key: CatalogueKey) =>
  queryOptions({ queryKey: catalogueQueryKey(key), queryFn: () => apiRequest<T[]>('GET', `/api/${key}`) });

export function useCatalogue<T extends CatalogueItem>(key: CatalogueKey) {
  return useQuery(catalogueQueryOptions<T>(key));
}

function useInvalidate(key: CatalogueKey) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogueQueryKey(key) }),
      // Lead forms and cards read reference data: every catalogue change makes it stale.
      queryClient.invalidateQueries({ queryKey: REFERENCE_DATA_RESOURCE.key }),
    ]);
}

export function useCreateItem<T extends CatalogueItem>(key: CatalogueKey) {
  const invalidate = useInvalidate(key);
  return useMutation({
    mutationFn: (input: Record<string, unknown>) => apiRequest<T>('POST', `/api/${key}`, input),
    onSuccess: invalidate,
  });
}

export function useUpdateItem<T extends CatalogueItem>(key: CatalogueKey) {
  const invalidate = useInvalidate(key);
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: Record<string, unknown> }) => apiRequest<T>('PATCH', `/api/${key}/${id}`, changes),
    onSuccess: invalidate,
  });
}

/** The active switch: the list changes at once and goes back if the server refuses. */
export function useToggleActive<T extends CatalogueItem>(key: CatalogueKey) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate(key);
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => apiRequest<T>('PATCH', `/api/${key}/${id}`, { isActive }),
    onMutate: async ({ id, isActive }) => {
      await queryClient.cancelQueries({ queryKey: catalogueQueryKey(key) });
      const previous = queryClient.getQueryData<T[]>(catalogueQueryKey(key));
      const item = previous?.find((candidate) => candidate.id === id);
      if (previous && item) queryClient.setQueryData<T[]>(catalogueQueryKey(key), replaceSorted(previous, { ...item, isActive }));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(catalogueQueryKey(key), context.previous);
    },
    onSettled: invalidate,
  });
}

export function useDeleteItem(key: CatalogueKey) {
  const invalidate = useInvalidate(key);
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', `/api/${key}/${id}`),
    onSuccess: invalidate,
  });
}
