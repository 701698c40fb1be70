/**
 * TanStack Query as the shell provides it to every app: the parts the apps use, and nothing else.
 * A shared module cannot be tree-shaken (any app may use any of its exports), so sharing the whole
 * package shipped its suspense, infinite, hydration and streaming code on every page (13.8 against
 * 10.6 KiB gz). build-kit provides this file under the package's own name, so apps keep importing
 * '@tanstack/react-query'; lint allows them only these names (SHARED_QUERY_EXPORTS in build-kit).
 * The relative path reaches the package itself: its name would be the shared module again.
 */
export {
  MutationCache,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  keepPreviousData,
  noop,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '../../../../node_modules/@tanstack/react-query/build/modern/index.js';
export type * from '../../../../node_modules/@tanstack/react-query/build/modern/index.js';
