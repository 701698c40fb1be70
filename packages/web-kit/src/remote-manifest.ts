import { REMOTES, type NavEntry, type RemoteName, type RemoteRoutePath } from '@corretora/registry';
import type { ReactNode } from 'react';

/** What every remote exposes as './manifest': an element for each route the registry gives it, and its navigation. */
export interface RemoteManifest {
  routes: readonly { path: string; element: ReactNode }[];
  nav: readonly NavEntry[];
}

/**
 * A remote's manifest, checked against the registry: `elements` must have exactly one entry for each
 * route the registry says the remote owns (a missing or extra path is a type error).
 */
export function defineRemoteManifest<Name extends RemoteName>(name: Name, elements: { [Path in RemoteRoutePath<Name>]: ReactNode }): RemoteManifest {
  const entry = REMOTES[name];
  return {
    routes: entry.routes.map((route) => ({ path: route.path, element: elements[route.path as RemoteRoutePath<Name>] })),
    nav: entry.nav,
  };
}
