import { defineRemoteManifest } from '@corretora/web-kit';
import { LoadingScreen } from '@corretora/web-kit/ui';
import { Suspense, lazy } from 'react';

const PortalApp = lazy(() => import('./app/portal-app'));

/** The client portal: '/cliente/{brokerage}', for the brokerage's clients (no member's session). */
export default defineRemoteManifest('mfe-portal', {
  cliente: (
    <Suspense fallback={<LoadingScreen />}>
      <PortalApp />
    </Suspense>
  ),
});
