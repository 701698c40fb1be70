import type { RouteObject } from '@corretora/web-kit';
import { LoadingScreen } from '@corretora/web-kit/ui';
import { Suspense, lazy } from 'react';

const SettingsPage = lazy(() => import('./features/settings/components/settings-page'));

/** What this remote gives the shell: the /settings route, mounted inside the shell's layout. */
const manifest: { routes: RouteObject[] } = {
  routes: [{ path: 'settings', element: <Suspense fallback={<LoadingScreen />}><SettingsPage /></Suspense> }],
};

export default manifest;
