import type { DigestSend, TaskList, TaskPage, TaskWindow } from '@corretora/contracts';
import { answerFetch, withShell, type Answer } from '@corretora/web-kit/testing';
import { fireEvent, render, screen, within } from '@testing-library/react';
import TasksPage from '../src/app/tasks-page';

/** Minhas tarefas as the broker sees it: loading, failure, an empty day, the lists and the digest's state. */
let restore = () => undefined as void;
afterEach(() => restore());

function answer(tasks: Answer | ((url: string) => Answer), digests: Answer = { status: 200, body: [] }) {
  restore = answerFetch((url) => {
    if (url.startsWith('/api/tasks/digests')) return digests;
    if (url.startsWith('/api/tasks/digest-settings')) return { status: 200, body: { enabled: true } };
    return typeof tasks === 'function' ? tasks(url) : tasks;
  });
}

/** GET /api/tasks/page as the API answers it from a whole list: the list asked (else Atrasadas when something is late), a page of it. */
function pagesOf(list: TaskList, asked: string[] = []) {
  return (url: string): Answer => {
    expect(url).toMatch(/^\/api\/tasks\/page\?/);
    const query = new URL(url, 'http://x').searchParams;
    asked.push(query.toString());
    const when = (query.get('when') ?? (list.counts.overdue > 0 ? 'overdue' : 'today')) as TaskWindow;
    const page = Number(query.get('page'));
    const pageSize = Number(query.get('pageSize'));
    const all = list.tasks.filter((task) => task.window === when);
    const body: TaskPage = {
      items: all.slice((page - 1) * pageSize, page * pageSize),
      total: list.counts[when],
      page,
      pageSize,
      when,
      counts: list.counts,
    };
    return { status: 200, body };
  };
}

const LIST: TaskList = {
  counts: { overdue: 1, today: 2, upcoming: 0 },
  tasks: [
    {
      id: 'renewal-4',
      kind: 'renewal',
      sourceId: 4,
      dueAt: '2026-11-20T12:00:00.000Z',
      timed: false,
      window: 'overdue',
      type: null,
      note: null,
      contactId: 9,
      cardId: null,
      policyId: 12,
      title: 'Cliente T-5',
      detail: 'Renovação da apólice T-5 (vence 20/11/2026)',
      fromPortal: false,
    },
    {
      id: 'card-7',
      kind: 'card',
      sourceId: 7,
      dueAt: '2026-11-25T12:00:00.000Z',
      timed: false,
      window: 'today',
      type: 'ligar',
      note: 'Confirmar a franquia',
      contactId: 3,
      cardId: 7,
      policyId: null,
      title: 'Maria Souza',
      detail: 'Pipeline: Negociação',
      fromPortal: false,
    },
    {
      id: 'task-5',
      kind: 'task',
      sourceId: 5,
      dueAt: '2026-11-25T17:30:00.000Z',
      timed: true,
      window: 'today',
      type: null,
      note: null,
      contactId: 3,
      cardId: null,
      policyId: null,
      title: 'Pedir a vistoria do carro novo',
      detail: 'Maria Souza',
      fromPortal: false,
    },
  ],
};

describe('Minhas tarefas', () => {
  test('while the lists load: a labelled spinner', () => {
    answer('pending');
    render(withShell(<TasksPage />));
    expect(screen.getByText('Carregando tarefas...')).toBeTruthy();
  });

  test('the lists failed: one pt-BR alert', async () => {
    answer({ status: 500, body: { message: 'Erro interno do servidor.' } });
    render(withShell(<TasksPage />));
    expect((await screen.findAllByRole('alert'))[0]!.textContent).toContain('Não foi possível carregar as tarefas.');
  });

  test('with something late, the page opens on Atrasadas', async () => {
    answer(pagesOf(LIST));
    render(withShell(<TasksPage />));
    expect((await screen.findByRole('tab', { name: 'Atrasadas (1)' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('group', { name: 'Renovação sem próxima ação: Cliente T-5' })).toBeTruthy();
  });

  test("today's list: the counts on the tabs, the task with its note, done and snooze named for it; each opens what it is about", async () => {
    answer(pagesOf(LIST));
    render(withShell(<TasksPage />, { path: '/tasks?quando=today' }));
    expect(await screen.findByRole('tab', { name: 'Hoje (2)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Atrasadas (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Próximas (0)' })).toBeTruthy();
    const task = screen.getByRole('group', { name: 'Ligar: Maria Souza' });
    expect(within(task).getByText('Pipeline: Negociação')).toBeTruthy();
    expect(within(task).getByText('Confirmar a franquia')).toBeTruthy();
    expect(within(task).getByText('Para 25/11/2026')).toBeTruthy();
    expect(within(task).getByRole('button', { name: 'Concluir: Maria Souza' })).toBeTruthy();
    expect(within(task).getByRole('button', { name: 'Adiar: Maria Souza' })).toBeTruthy();
    expect(within(task).getByRole('link', { name: 'Abrir negócio' }).getAttribute('href')).toBe('/pipeline?card=7');
    // A task the broker wrote, with its hour: done here, and it opens the client's ficha.
    const written = screen.getByRole('group', { name: 'Tarefa: Pedir a vistoria do carro novo' });
    expect(within(written).getByText('Para 25/11/2026 às 14:30')).toBeTruthy();
    expect(within(written).getByRole('button', { name: 'Concluir: Pedir a vistoria do carro novo' })).toBeTruthy();
    expect(within(written).getByRole('link', { name: 'Ficha do cliente' }).getAttribute('href')).toBe('/contacts/3');
    // The overdue renewal is on its own tab.
    expect(screen.queryByText('Cliente T-5')).toBeNull();
  });

  test('a list longer than a page: the pager asks the API for the next one, the list and its count kept', async () => {
    const many: TaskList = {
      counts: { overdue: 0, today: 51, upcoming: 0 },
      tasks: Array.from({ length: 51 }, (_, index) => ({
        ...LIST.tasks[2]!,
        id: `task-${index + 1}`,
        sourceId: index + 1,
        title: `Tarefa ${index + 1}`,
      })),
    };
    const asked: string[] = [];
    answer(pagesOf(many, asked));
    render(withShell(<TasksPage />));
    expect((await screen.findByRole('tab', { name: 'Hoje (51)' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('group', { name: 'Tarefa: Tarefa 50' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Tarefa: Tarefa 51' })).toBeNull();
    expect(screen.getByText('Página 1 de 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(await screen.findByRole('group', { name: 'Tarefa: Tarefa 51' })).toBeTruthy();
    expect(asked).toEqual(['page=1&pageSize=50', 'page=2&pageSize=50']);
  });

  test('a renewal without a next action is finished in Renovações; a failed digest says when it is tried again', async () => {
    const failed: DigestSend = {
      day: '2026-11-25',
      status: 'failed',
      attempts: 1,
      overdue: 1,
      today: 1,
      sentAt: null,
      lastError: 'Serviço indisponível.',
      nextAttemptAt: '2026-11-25T10:05:00.000Z',
    };
    answer(pagesOf(LIST), { status: 200, body: [failed] });
    render(withShell(<TasksPage />, { path: '/tasks?quando=overdue' }));
    const task = await screen.findByRole('group', { name: 'Renovação sem próxima ação: Cliente T-5' });
    expect(within(task).getByText('Atrasada desde 20/11/2026')).toBeTruthy();
    expect(within(task).getByRole('button', { name: 'Registrar resultado em Renovações' })).toBeTruthy();
    expect(((await screen.findByRole('switch', { name: 'Receber o resumo diário por e-mail' })) as HTMLInputElement).checked).toBe(true);
    expect(within(task).queryByRole('button', { name: /Concluir/ })).toBeNull();
    expect(
      await screen.findByText(
        'Resumo de 25/11/2026 (1 atrasada, 1 para hoje): o envio falhou (1ª tentativa); nova tentativa em 25/11/2026 07:05.',
      ),
    ).toBeTruthy();
  });
});
