import { remoteRouteOf } from '@corretora/registry';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { appQueryClient } from './app/query-client';

// A client's page waits on no member's session: what its remote says the page needs (its code, its first
// queries) starts as soon as the remote's manifest is there, before the app's first render.
if (remoteRouteOf(window.location.pathname)?.audience === 'client')
  import('./lib/remotes').then(
    ({ preloadRemoteRoute }) => preloadRemoteRoute(window.location.pathname, appQueryClient()),
    () => undefined,
  );

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(<App />);
