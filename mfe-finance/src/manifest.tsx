import { noop } from '@tanstack/react-query';
import { CATALOGUE_OPERATIONS, FINANCE_OPERATIONS } from '@corretora/contracts';
import { defineRemoteManifest, operationQuery } from '@corretora/web-kit';
import { LoadingScreen } from '@corretora/web-kit/ui';
import { Suspense, lazy } from 'react';

const loadPolicies = () => import('./app/policies-page');
const loadRenewals = () => import('./features/renewals/components/renewals-panel');
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
    // Renovações (?aba=renovacoes, the Painel's link): its panel's code, its first page and the
    // insurers' names load beside the page's, not after it renders.
    policies: (queryClient) => {
      void loadPolicies();
      if (new URLSearchParams(window.location.search).get('aba') !== 'renovacoes') return;
      void loadRenewals();
      queryClient.query(operationQuery(FINANCE_OPERATIONS.renewals, { query: { page: '1' } })).catch(noop);
      queryClient.query(operationQuery(CATALOGUE_OPERATIONS.referenceData)).catch(noop);
    },
    commissions: () => void loadCommissions(),
    documents: () => void loadDocuments(),
  },
);
