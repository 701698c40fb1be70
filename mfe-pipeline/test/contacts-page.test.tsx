import type { ContactPage } from '@corretora/contracts';
import { answerFetch, withShell, type Answer } from '@corretora/web-kit/testing';
import { render, screen, within } from '@testing-library/react';
import ContactsPage from '../src/app/contacts-page';
import { contact } from './cards';

/** Gestão de Contatos as the broker sees it: loading, failure, an empty book, and a page of contacts. */
const page = (items: ContactPage['items'], total = items.length): Answer => ({
  status: 200,
  body: { items, total, page: 1, pageSize: 25 },
});

let restore = () => undefined as void;
afterEach(() => restore());

const asks: string[] = [];
function answer(reply: Answer) {
  asks.length = 0;
  restore = answerFetch((url) => {
    asks.push(url);
    return reply;
  });
}

describe('Gestão de Contatos', () => {
  test('while the list loads: a labelled spinner', () => {
    answer('pending');
    render(withShell(<ContactsPage />));
    expect(screen.getByText('Carregando contatos...')).toBeTruthy();
    // The first page of contacts, with no filter; beside it, who is signed in (the team's filter is theirs to see or not).
    expect(asks).toEqual(['/api/auth/user', '/api/contacts?page=1&pageSize=25']);
  });

  test('the list failed: one pt-BR alert', async () => {
    answer({ status: 500, body: { message: 'Erro interno do servidor.' } });
    render(withShell(<ContactsPage />));
    expect((await screen.findByRole('alert')).textContent).toBe('Não foi possível carregar os contatos. Recarregue a página.');
  });

  test('an empty book: the invitation to add the first contact', async () => {
    answer(page([]));
    render(withShell(<ContactsPage />));
    expect(await screen.findByText('Nenhum contato cadastrado ainda. Adicione o primeiro ou crie um lead no pipeline.')).toBeTruthy();
    expect(screen.getByText('0 contatos')).toBeTruthy();
  });

  test('a page of contacts: name, e-mail, phone, type and last contact in pt-BR', async () => {
    answer(
      page([
        contact(3, {
          name: 'Maria Souza',
          email: 'maria@example.com',
          type: 'individual',
          lastContact: '2026-11-20T15:00:00.000Z',
          birthDate: '1985-03-04',
          createdAt: '2026-11-01T12:00:00.000Z',
        }),
      ]),
    );
    render(withShell(<ContactsPage />));
    const table = await screen.findByRole('table', { name: 'Contatos' });
    const [, row] = within(table).getAllByRole('row');
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Maria Souza', 'maria@example.com', '(11) 98765-4321', 'Pessoa física', 'Cliente', '20/11/2026', 'Histórico']);
    expect(within(row!).getByRole('button', { name: 'Editar Maria Souza' })).toBeTruthy();
    expect(within(row!).getByRole('button', { name: 'Histórico e WhatsApp de Maria Souza' })).toBeTruthy();
    expect(screen.getByText('1 contato')).toBeTruthy();
  });
});
