import { useRoutes } from '@corretora/web-kit';
import PortalPage from './portal-page';

/** '/cliente/{brokerage}': the brokerage's public address, as its privacy page has. */
export default function PortalApp() {
  return useRoutes([
    { path: ':brokerage', element: <PortalPage /> },
    { path: '*', element: <PortalPage /> },
  ]);
}
