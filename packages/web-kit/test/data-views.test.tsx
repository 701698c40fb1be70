import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../src/api/api-client';
import { DataTable } from '../src/ui/data-table';
import { AppToaster } from '../src/ui/notify';
import { QueryState, type QueryLike } from '../src/ui/query-state';
import { useConfirmAction } from '../src/ui/use-confirm-action';

/** How long a lazily loaded part (a dialog's surface) may take to appear. */
const LAZY_PART_WAIT_MS = 10_000;

interface Row {
  id: number;
  name: string;
}

function Rows({ query }: { query: QueryLike<Row[]> }) {
  return (
    <QueryState query={query} loading="Carregando itens..." error="Não foi possível carregar os itens. Tente novamente.">
      {(rows) => (
        <DataTable
          label="Itens"
          rows={rows}
          rowKey={(row) => row.id}
          empty="Nenhum item."
          columns={[{ header: 'Nome', cell: (row) => row.name }]}
        />
      )}
    </QueryState>
  );
}

const withFluent = (ui: React.ReactNode) => render(<FluentProvider theme={webLightTheme}>{ui}</FluentProvider>);

describe('a list screen’s states', () => {
  test('loading: the labelled spinner and nothing else', () => {
    withFluent(<Rows query={{ isLoading: true, isError: false, data: undefined }} />);
    expect(screen.getByText('Carregando itens...')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  test('failed: one announced line in pt-BR', () => {
    withFluent(<Rows query={{ isLoading: false, isError: true, data: undefined }} />);
    expect(screen.getByRole('alert').textContent).toBe('Não foi possível carregar os itens. Tente novamente.');
  });

  test('empty: the empty line, no table', () => {
    withFluent(<Rows query={{ isLoading: false, isError: false, data: [] }} />);
    expect(screen.getByText('Nenhum item.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  test('rows: a named table with its header and one row per item', () => {
    withFluent(
      <Rows
        query={{
          isLoading: false,
          isError: false,
          data: [
            { id: 1, name: 'Porto' },
            { id: 2, name: 'Allianz' },
          ],
        }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Itens' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Nome', 'Porto', 'Allianz']);
  });
});

function DeleteScreen({ run }: { run: (row: Row) => Promise<unknown> }) {
  const deleting = useConfirmAction<Row>({
    title: 'Excluir item',
    confirmLabel: 'Excluir',
    message: (row) => `Excluir "${row.name}"?`,
    run,
    done: { title: 'Item excluído' },
    failed: 'Falha ao excluir',
  });
  return (
    <>
      <AppToaster />
      <button type="button" onClick={() => deleting.ask({ id: 7, name: 'Porto' })}>
        Excluir Porto
      </button>
      {deleting.dialog}
    </>
  );
}

describe('useConfirmAction', () => {
  test('asks about the target; a failure says why and leaves the question open; a success closes it', async () => {
    const user = userEvent.setup();
    const calls: number[] = [];
    let fail = true;
    const run = async (row: Row) => {
      calls.push(row.id);
      if (fail) throw new ApiError(409, '{"message":"Item em uso por 2 leads."}', { message: 'Item em uso por 2 leads.' });
    };
    withFluent(<DeleteScreen run={run} />);

    await user.click(screen.getByRole('button', { name: 'Excluir Porto' }));
    // The dialog's surface loads by dynamic import: on a CI machine busy building the apps that took over
    // testing-library's 1 s default once. A bound on the wait, not a speed assertion.
    const dialog = await screen.findByRole('alertdialog', {}, { timeout: LAZY_PART_WAIT_MS });
    expect(dialog.textContent).toContain('Excluir "Porto"?');

    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Item em uso por 2 leads.')).toBeTruthy();
    expect(screen.getByRole('alertdialog')).toBeTruthy();

    fail = false;
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Item excluído')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toEqual([7, 7]);
  });

  test('Cancelar runs nothing', async () => {
    const user = userEvent.setup();
    const calls: number[] = [];
    withFluent(<DeleteScreen run={async (row) => calls.push(row.id)} />);
    await user.click(screen.getByRole('button', { name: 'Excluir Porto' }));
    await user.click(
      within(await screen.findByRole('alertdialog', {}, { timeout: LAZY_PART_WAIT_MS })).getByRole('button', { name: 'Cancelar' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toEqual([]);
  });
});
