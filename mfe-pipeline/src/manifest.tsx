import { defineRemoteManifest } from '@corretora/web-kit';
import { LoadingScreen } from '@corretora/web-kit/ui';
import { Suspense, lazy } from 'react';

const PipelinePage = lazy(() => import('./app/pipeline-page'));
const ContactsPage = lazy(() => import('./app/contacts-page'));

/** What this remote gives the shell: an element for each of its routes in the registry, and its navigation. */
export default defineRemoteManifest('mfe-pipeline', {
  pipeline: <Suspense fallback={<LoadingScreen label="Carregando pipeline..." />}><PipelinePage /></Suspense>,
  contacts: <Suspense fallback={<LoadingScreen />}><ContactsPage /></Suspense>,
});
