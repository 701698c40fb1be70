import { remoteRouteOf } from '@corretora/registry';
import { startRemoteEarly } from './lib/early-remotes';

// On a remote's page, what its loading needs is asked for now, and its code starts loading (lib/remotes:
// no shared module, so it needs no async boundary), beside the app's own code and the session check.
const remoteRoute = remoteRouteOf(window.location.pathname);
if (remoteRoute) {
  startRemoteEarly(remoteRoute.remote);
  import('./lib/remotes').then(
    ({ warmRemoteArea }) => warmRemoteArea(window.location.pathname),
    () => undefined,
  );
}
// Module Federation needs an async boundary before shared modules are used.
import('./bootstrap').catch((error: unknown) => {
  // Without the app there is no React to show an error with: say it in plain text.
  console.error('Corretora CRM: a aplicação não carregou', error);
  document.body.textContent = 'Não foi possível carregar o Corretora CRM. Verifique sua conexão e recarregue a página.';
});
