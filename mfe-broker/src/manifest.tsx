import type { RouteObject } from '@corretora/web-kit';
import { LoadingScreen } from '@corretora/web-kit/ui';
import { Suspense, lazy } from 'react';

const BrokerPage = lazy(() => import('./features/broker-profile/components/broker-page'));
const ProfilePage = lazy(() => import('./features/profile/components/profile-page'));

/** What this remote gives the shell: its routes, mounted inside the shell's layout. */
const manifest: { routes: RouteObject[] } = {
  routes: [
    { path: 'broker', element: <Suspense fallback={<LoadingScreen />}><BrokerPage /></Suspense> },
    { path: 'profile', element: <Suspense fallback={<LoadingScreen />}><ProfilePage /></Suspense> },
  ],
};

export default manifest;
