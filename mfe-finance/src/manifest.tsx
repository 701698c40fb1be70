import { defineRemoteManifest } from '@corretora/web-kit';
import { LoadingScreen } from '@corretora/web-kit/ui';
import { Suspense, lazy } from 'react';

const loadPolicies = () => import('./app/policies-page');
const loadClaims = () => import('./app/claims-page');
const loadCommissions = () => import('./app/commissions-page');
const loadDocuments = () => import('./app/documents-page');
const PoliciesPage = lazy(loadPolicies);
const ClaimsPage = lazy(loadClaims);
const CommissionsPage = lazy(loadCommissions);
const DocumentsPage = lazy(loadDocuments);

/** What this remote gives the shell: an element for each of its routes in the registry, and its navigation. */
export default defineRemoteManifest(
  'mfe-finance',
  {
    claims: (
      <Suspense fallback={<LoadingScreen />}>
        <ClaimsPage />
      </Suspense>
    ),
    policies: (
      <Suspense fallback={<LoadingScreen />}>
        <PoliciesPage />
      </Suspense>
    ),
    commissions: (
      <Suspense fallback={<LoadingScreen />}>
        <CommissionsPage />
      </Suspense>
    ),
    documents: (
      <Suspense fallback={<LoadingScreen />}>
        <DocumentsPage />
      </Suspense>
    ),
  },
  {
    claims: () => void loadClaims(),
    policies: () => void loadPolicies(),
    commissions: () => void loadCommissions(),
    documents: () => void loadDocuments(),
  },
);
