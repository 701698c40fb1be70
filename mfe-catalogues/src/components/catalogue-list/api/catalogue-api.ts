import { CATALOGUE_OPERATIONS } from '@corretora/contracts';
import { apiRequest, invalidateOperations, operationKey, operationUrl } from '@corretora/web-kit';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { replaceSorted } from '../utils/changed-fields';

export interface CatalogueItem {
  id: number;
  name: string;
  isActive: boolean;
}

export type CatalogueKey = 'products' | 'insurers' | 'lead-sources';

/** Each catalogue's operations (contracts): the list component is one for the three, so its bodies stay records. */
/** Each catalogue's operations (their roles say who may change it). */
export const CATALOGUE_CRUD = {
  products: CATALOGUE_OPERATIONS.products,
  insurers: CATALOGUE_OPERATIONS.insurers,
  'lead-sources': CATALOGUE_OPERATIONS.leadSources,
} as const;

export const catalogueQueryKey = (key: CatalogueKey) => operationKey(CATALOGUE_CRUD[key].list);

export const catalogueQueryOptions = <T extends CatalogueItem>(key: CatalogueKey) =>
  queryOptions({
    queryKey: catalogueQueryKey(key),
    queryFn: () => apiRequest<T[]>(CATALOGUE_CRUD[key].list.method, operationUrl(CATALOGUE_CRUD[key].list)),
  });

function send<T>(
  op: (typeof CATALOGUE_CRUD)[CatalogueKey]['create' | 'update' | 'remove'],
  id: number | null,
  body?: Record<string, unknown>,
): Promise<T> {
  return apiRequest<T>(op.method, operationUrl(op, id === null ? {} : { params: { id } }), body);
}

export function useCatalogue<T extends CatalogueItem>(key: CatalogueKey) {
  return useQuery(catalogueQueryOptions<T>(key));
}

function useInvalidate(key: CatalogueKey) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogueQueryKey(key) }),
      // Lead forms and cards read reference data: every catalogue change makes it stale.
      invalidateOperations(queryClient, CATALOGUE_OPERATIONS.referenceData),
    ]);
}

export function useCreateItem<T extends CatalogueItem>(key: CatalogueKey) {
  const invalidate = useInvalidate(key);
  return useMutation({
    mutationFn: (input: Record<string, unknown>) => send<T>(CATALOGUE_CRUD[key].create, null, input),
    onSuccess: invalidate,
  });
}

export function useUpdateItem<T extends CatalogueItem>(key: CatalogueKey) {
  const invalidate = useInvalidate(key);
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: Record<string, unknown> }) => send<T>(CATALOGUE_CRUD[key].update, id, changes),
    onSuccess: invalidate,
  });
}

/** The active switch: the list changes at once and goes back if the server refuses. */
export function useToggleActive<T extends CatalogueItem>(key: CatalogueKey) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate(key);
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => send<T>(CATALOGUE_CRUD[key].update, id, { isActive }),
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
    mutationFn: (id: number) => send<void>(CATALOGUE_CRUD[key].remove, id),
    onSuccess: invalidate,
  });
}
