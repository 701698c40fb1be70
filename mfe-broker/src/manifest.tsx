import { defineRemoteManifest } from '@corretora/web-kit';
import { LoadingScreen } from '@corretora/web-kit/ui';
import { Suspense, lazy } from 'react';

const BrokerPage = lazy(() => import('./features/broker-profile/components/broker-page'));
const ProfilePage = lazy(() => import('./features/profile/components/profile-page'));
const PrivacyPage = lazy(() => import('./features/privacy/components/privacy-page'));

/** What this remote gives the shell: an element for each of its routes in the registry, and its navigation. */
export default defineRemoteManifest('mfe-broker', {
  broker: (
    <Suspense fallback={<LoadingScreen />}>
      <BrokerPage />
    </Suspense>
  ),
  profile: (
    <Suspense fallback={<LoadingScreen />}>
      <ProfilePage />
    </Suspense>
  ),
  privacy: (
    <Suspense fallback={<LoadingScreen />}>
      <PrivacyPage />
    </Suspense>
  ),
});
