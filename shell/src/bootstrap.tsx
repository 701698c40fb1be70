import { remoteRouteOf } from '@corretora/registry';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// On a remote's page, its code starts loading now, beside the session check (lib/remotes).
if (remoteRouteOf(window.location.pathname)) {
  import('./lib/remotes').then(
    ({ warmRemoteArea }) => warmRemoteArea(window.location.pathname),
    () => undefined,
  );
}
createRoot(container).render(<App />);
