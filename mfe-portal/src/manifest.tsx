import { PORTAL_OPERATIONS as OPS } from '@corretora/contracts';
import { defineRemoteManifest, operationQuery, preloadable } from '@corretora/web-kit';
import { LoadingScreen } from '@corretora/web-kit/ui';
import { Suspense } from 'react';
import { HomePage, SignInPage } from './app/pages';

const PortalApp = preloadable(() => import('./app/portal-app'));

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
    // The page's code, the brokerage, who is signed in and their records, all at once instead of each
    // after the one before; the route shows when its code is there, the page for who is signed in (or
    // the sign-in) included, so it appears whole.
    cliente: (queryClient) => {
      const brokerage = window.location.pathname.split('/')[2] ?? '';
      if (brokerage) queryClient.query(operationQuery(OPS.page, { params: { brokerage } })).catch(() => undefined);
      const me = queryClient.query(operationQuery(OPS.me));
      // The records beside who is signed in, not after: a visitor not signed in gets the same 401 for each.
      for (const op of [OPS.policies, OPS.instalments, OPS.claims]) queryClient.query(operationQuery(op)).catch(() => undefined);
      return Promise.all([
        PortalApp.load(),
        me.then(
          () => HomePage.load(),
          () => SignInPage.load(),
        ),
      ]);
    },
  },
);
