import { PORTAL_OPERATIONS as OPS } from '@corretora/contracts';
import { defineRemoteManifest, operationQuery } from '@corretora/web-kit';
import { LoadingScreen } from '@corretora/web-kit/ui';
import { Suspense, lazy } from 'react';

const PortalApp = lazy(() => import('./app/portal-app'));

/** The client portal: '/cliente/{brokerage}', for the brokerage's clients (no member's session). */
export default defineRemoteManifest(
  'mfe-portal',
  {
    cliente: (
      <Suspense fallback={<LoadingScreen />}>
        <PortalApp />
      </Suspense>
    ),
  },
  {
    // The page's code, the brokerage and who is signed in, then (when someone is) their records: all
    // at once instead of each after the one before.
    cliente: (queryClient) => {
      void import('./app/portal-app');
      const brokerage = window.location.pathname.split('/')[2] ?? '';
      if (brokerage) queryClient.query(operationQuery(OPS.page, { params: { brokerage } })).catch(() => undefined);
      queryClient.query(operationQuery(OPS.me)).then(
        () => {
          void import('./app/home-page');
          for (const op of [OPS.policies, OPS.instalments, OPS.claims]) queryClient.query(operationQuery(op)).catch(() => undefined);
        },
        () => undefined,
      );
    },
  },
);
