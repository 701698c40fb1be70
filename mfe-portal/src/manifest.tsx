import { PORTAL_OPERATIONS as OPS } from '@corretora/contracts';
import { defineRemoteManifest, operationQuery, preloadable } from '@corretora/web-kit';
import { LoadingScreen } from '@corretora/web-kit/ui';
import { Suspense } from 'react';
import { HomePage, SignInPage } from './app/pages';
import { rememberSignedIn, wasSignedIn } from './lib/signed-in-hint';

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
    // after the one before; the route shows when they are all there, the page for who is signed in (or
    // the sign-in) included, so it appears whole, in one render.
    cliente: (queryClient) => {
      const brokerage = window.location.pathname.split('/')[2] ?? '';
      const page = brokerage ? queryClient.query(operationQuery(OPS.page, { params: { brokerage } })).catch(() => undefined) : undefined;
      if (wasSignedIn(brokerage)) HomePage.load().catch(() => undefined);
      const me = queryClient.query(operationQuery(OPS.me));
      // The records beside who is signed in, not after: a visitor not signed in gets the same 401 for each.
      const records = [OPS.policies, OPS.instalments, OPS.claims].map((op) => queryClient.query(operationQuery(op)).catch(() => undefined));
      return Promise.all([
        PortalApp.load(),
        page,
        me.then(
          (client) => {
            rememberSignedIn(client.brokerage.slug);
            return Promise.all([HomePage.load(), ...records]);
          },
          () => {
            rememberSignedIn(null);
            return SignInPage.load();
          },
        ),
      ]);
    },
  },
);
