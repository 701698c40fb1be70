import { FINANCE_OPERATIONS, type DocumentList } from '@corretora/contracts';
import { createQueryClient, operationKey } from '@corretora/web-kit';
import { answerFetch, withShell } from '@corretora/web-kit/testing';
import { render, screen } from '@testing-library/react';
import DocumentsPage from '../src/app/documents-page';

/**
 * The documents screen's states as the broker sees them: loading, the failure, no documents yet,
 * and the list with its counts and storage bar. The answers come through the page's own query
 * (the documents operation's key), or from fetch itself for loading and failure.
 */
const EMPTY: DocumentList = {
  items: [],
  counts: { policies: 0, claims: 0, contracts: 0, forms: 0 },
  usedBytes: 0,
  quotaBytes: 10 * 1024 ** 3,
};

let restore = () => undefined as void;
afterEach(() => restore());
const renderPage = (client = createQueryClient()) => render(withShell(<DocumentsPage />, { client }));

describe('Documentos', () => {
  test('while the list loads: a labelled spinner', () => {
    restore = answerFetch(() => 'pending');
    renderPage();
    expect(screen.getByText('Carregando documentos...')).toBeTruthy();
  });

  test('the list failed: an alert in pt-BR, nothing else claimed', async () => {
    restore = answerFetch(() => ({ status: 500, body: { message: 'Erro interno do servidor.' } }));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('Não foi possível carregar os documentos. Tente novamente.');
    expect(screen.queryByText('Nenhum documento enviado ainda.')).toBeNull();
  });

  test('no documents yet: the empty line, the counts at zero, the bar empty', async () => {
    const client = createQueryClient();
    client.setQueryData(operationKey(FINANCE_OPERATIONS.documents), EMPTY);
    renderPage(client);
    expect(await screen.findByText('Nenhum documento enviado ainda.')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Armazenamento usado: 0 B de 10 GB' })).toBeTruthy();
  });

  test('the list: each document with its category, type, size and date, and its download link', async () => {
    const client = createQueryClient();
    client.setQueryData(operationKey(FINANCE_OPERATIONS.documents), {
      ...EMPTY,
      items: [
        {
          id: 7,
          originalName: 'apolice-auto.pdf',
          fileSize: 2_621_440,
          mimeType: 'application/pdf',
          category: 'policies',
          contactId: null,
          policyId: null,
          claimId: null,
          cardId: null,
          description: null,
          uploadedAt: '2026-11-20T15:00:00.000Z',
        },
      ],
      counts: { ...EMPTY.counts, policies: 1 },
      usedBytes: 2_621_440,
    } satisfies DocumentList);
    renderPage(client);
    expect(await screen.findByText('apolice-auto.pdf')).toBeTruthy();
    expect(screen.getByText('2,5 MB')).toBeTruthy();
    expect(screen.getByText('20/11/2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Baixar apolice-auto.pdf' }).getAttribute('href')).toBe('/api/documents/7/download');
    expect(screen.getByText('2,5 MB de 10 GB usados')).toBeTruthy();
  });
});
