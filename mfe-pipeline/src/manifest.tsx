import { noop } from '@tanstack/react-query';
import { CATALOGUE_OPERATIONS } from '@corretora/contracts';
import { defineRemoteManifest, operationQuery, useRoutes } from '@corretora/web-kit';
import { LoadingScreen } from '@corretora/web-kit/ui';
import { Suspense, lazy } from 'react';
import { boardQuery } from './features/board/api/board-api';

const loadPipelinePage = () => import('./app/pipeline-page');
const loadContactsPage = () => import('./app/contacts-page');
const loadContactPage = () => import('./app/contact-page');
const ContactPage = lazy(loadContactPage);
const PipelinePage = lazy(loadPipelinePage);
const ContactsPage = lazy(loadContactsPage);
const loadDealPage = () => import('./app/deal-page');
const DealPage = lazy(loadDealPage);
const loadTasksPage = () => import('./app/tasks-page');
const TasksPage = lazy(loadTasksPage);
const loadConversationsPage = () => import('./app/conversations-page');
const ConversationsPage = lazy(loadConversationsPage);

/** /contacts lists the brokerage's contacts; /contacts/{id} is one client's ficha. */
function ContactsArea() {
  return useRoutes([
    {
      index: true,
      element: (
        <Suspense fallback={<LoadingScreen />}>
          <ContactsPage />
        </Suspense>
      ),
    },
    {
      path: ':id',
      element: (
        <Suspense fallback={<LoadingScreen label="Carregando a ficha do cliente..." />}>
          <ContactPage />
        </Suspense>
      ),
    },
  ]);
}

/** /pipeline is the board; /pipeline/{id} one deal: what it insures and its quotes side by side. */
function PipelineArea() {
  return useRoutes([
    {
      index: true,
      element: (
        <Suspense fallback={<LoadingScreen label="Carregando pipeline..." />}>
          <PipelinePage />
        </Suspense>
      ),
    },
    {
      path: ':id',
      element: (
        <Suspense fallback={<LoadingScreen label="Carregando o negócio..." />}>
          <DealPage />
        </Suspense>
      ),
    },
  ]);
}

/** What this remote gives the shell: an element for each of its routes in the registry, and its navigation. */
export default defineRemoteManifest(
  'mfe-pipeline',
  {
    pipeline: <PipelineArea />,
    contacts: <ContactsArea />,
    tasks: (
      <Suspense fallback={<LoadingScreen label="Carregando tarefas..." />}>
        <TasksPage />
      </Suspense>
    ),
    conversations: (
      <Suspense fallback={<LoadingScreen label="Carregando conversas..." />}>
        <ConversationsPage />
      </Suspense>
    ),
  },
  {
    // The board's code, its cards and the names on them load side by side.
    pipeline: (queryClient) => {
      void loadPipelinePage();
      queryClient.query(boardQuery).catch(noop);
      queryClient.query(operationQuery(CATALOGUE_OPERATIONS.referenceData)).catch(noop);
    },
    contacts: () => void loadContactsPage(),
    tasks: () => void loadTasksPage(),
  },
);
