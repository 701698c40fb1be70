import { defineRemoteManifest } from '@corretora/web-kit';
import { LoadingScreen } from '@corretora/web-kit/ui';
import { Suspense, lazy } from 'react';

const SettingsPage = lazy(() => import('./app/settings-page'));

/** What this remote gives the shell: an element for each of its routes in the registry, and its navigation. */
export default defineRemoteManifest('mfe-catalogues', {
  settings: (
    <Suspense fallback={<LoadingScreen />}>
      <SettingsPage />
    </Suspense>
  ),
});
