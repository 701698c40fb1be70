import { REMOTES, type NavEntry, type RemoteName, type RemoteRoutePath } from '@corretora/registry';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * Starts loading what a route needs (its code, its first queries) and returns at once. A promise it
 * returns is the route's code being fetched (preloadable components' `load()`): the shell shows the
 * route once it settles, so the page appears whole instead of through one Suspense fallback after
 * another (each reveal of which React throttles).
 */
export type RoutePreload = (queryClient: QueryClient) => void | Promise<unknown>;

/** What every remote exposes as './manifest': an element for each route the registry gives it, and its navigation. */
export interface RemoteManifest {
  routes: readonly { path: string; element: ReactNode; preload?: RoutePreload }[];
  nav: readonly NavEntry[];
}

/**
 * A remote's manifest, checked against the registry: `elements` must have exactly one entry for each
 * route the registry says the remote owns (a missing or extra path is a type error). `preload` lets
 * the shell start a route's code and data as soon as the session is known, in parallel with the
 * rest of the page, instead of one after the other once the route renders.
 */
export function defineRemoteManifest<Name extends RemoteName>(
  name: Name,
  elements: { [Path in RemoteRoutePath<Name>]: ReactNode },
  preload: { [Path in RemoteRoutePath<Name>]?: RoutePreload } = {},
): RemoteManifest {
  const entry = REMOTES[name];
  return {
    routes: entry.routes.map((route) => {
      const path = route.path as RemoteRoutePath<Name>;
      return { path: route.path, element: elements[path], preload: preload[path] };
    }),
    nav: entry.nav,
  };
}
