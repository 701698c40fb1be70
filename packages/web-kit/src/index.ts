// The shared singleton: API client, query defaults, session queries and routing.
// Visual components live in '@corretora/web-kit/ui' so each app bundles only those it uses.
export { ApiError, apiErrorMessage, apiRequest, type HttpMethod } from './api/api-client';
export { applyFieldErrors } from './api/form-errors';
export { QUERY_KEYS, createQueryClient } from './api/query-client';
export { defineRemoteManifest, type RemoteManifest, type RoutePreload } from './remote-manifest';
export { preloadable, type Preloadable } from './preloadable';
export * from './router';
export {
  callOperation,
  invalidateOperations,
  operationKey,
  operationQuery,
  operationUrl,
  useOperation,
  type OperationInput,
  type OperationQueryOptions,
} from './api/operations';
export { useCepLookup, type CepLookup } from './api/cep-lookup';
export { currentUserQueryOptions, fetchCurrentUser, useCurrentUser } from './session/current-user';
