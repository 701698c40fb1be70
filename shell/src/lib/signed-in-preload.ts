import { BROKER_OPERATIONS } from '@corretora/contracts';
import { noop, type QueryClient } from '@tanstack/react-query';
import { operationQuery } from '@corretora/web-kit';
import { preloadRemoteRoute } from './remotes';

/**
 * What a signed-in page starts at once, side by side rather than each waiting for the chunk before
 * it to render: the onboarding check and, on a remote's route, the area's code and data. Loaded on
 * demand, so a signed-out page (/login) carries neither the remote loader nor the broker's operations.
 */
export function preloadSignedIn(pathname: string, queryClient: QueryClient): void {
  queryClient.query(operationQuery(BROKER_OPERATIONS.profile)).catch(noop);
  preloadRemoteRoute(pathname, queryClient);
}
