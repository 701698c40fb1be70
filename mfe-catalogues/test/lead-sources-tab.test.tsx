import type { LeadSource } from '@corretora/contracts';
import { answerFetch, withShell, type Answer } from '@corretora/web-kit/testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LeadSourcesTab } from '../src/features/lead-sources/components/lead-sources-tab';

/** Configurações › Origens as the broker sees it: loading, failure, none yet, the list and a delete. */
const INDICACAO: LeadSource = { id: 4, name: 'Indicação', description: 'Clientes indicados', isActive: true };

let restore = () => undefined as void;
afterEach(() => restore());

const calls: string[] = [];
function answer(reply: (method: string, url: string) => Answer) {
  calls.length = 0;
  restore = answerFetch((url, init) => {
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}`);
    return reply(method, url);
  });
}

describe('Origens', () => {
  test('while the list loads: placeholders marked busy', () => {
    answer(() => 'pending');
    render(withShell(<LeadSourcesTab />));
    expect(screen.getByLabelText('Carregando').getAttribute('aria-busy')).toBe('true');
  });

  test('the list failed: one pt-BR alert', async () => {
    answer(() => ({ status: 500, body: { message: 'Erro interno do servidor.' } }));
    render(withShell(<LeadSourcesTab />));
    expect((await screen.findByRole('alert')).textContent).toBe('Não foi possível carregar a lista. Recarregue a página.');
  });

  test('none yet: the empty line', async () => {
    answer(() => ({ status: 200, body: [] }));
    render(withShell(<LeadSourcesTab />));
    expect(await screen.findByText('Nenhuma origem cadastrada.')).toBeTruthy();
  });

  test('the list, and a delete the server refuses: its reason shown, the question still open, nothing removed', async () => {
    const user = userEvent.setup();
    answer((method) =>
      method === 'DELETE'
        ? { status: 409, body: { message: 'Esta origem está em uso por 2 leads e não pode ser excluída.' } }
        : { status: 200, body: [INDICACAO] },
    );
    render(withShell(<LeadSourcesTab />, { as: 'assistant' }));
    expect(await screen.findByText('Indicação')).toBeTruthy();
    expect(screen.getByText('Clientes indicados')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Excluir Indicação' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Tem certeza que deseja excluir "Indicação"?');
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Esta origem está em uso por 2 leads e não pode ser excluída.')).toBeTruthy();
    expect(calls).toContain('DELETE /api/lead-sources/4');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(screen.getByText('Indicação')).toBeTruthy();
  });

  test("a producer reads the list without the office's controls (#58)", async () => {
    answer(() => ({ status: 200, body: [INDICACAO] }));
    render(withShell(<LeadSourcesTab />, { as: 'producer' }));
    expect(await screen.findByText('Indicação')).toBeTruthy();
    expect(screen.getByText('Ativo')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Adicionar Origem' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Excluir Indicação' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
