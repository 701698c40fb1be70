import { runAsAdmin } from '@corretora/service-kit/admin-sql';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { registerViaApi, toast, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/axe';
import { onboardViaApi } from './support/broker';

const today = () => new Date().toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });

async function lead(request: APIRequestContext, name: string) {
  const refs = (await (await request.get('/api/reference-data')).json()) as {
    products: { id: number }[];
    leadSources: { id: number }[];
    pipelineStages: { id: number; key: string }[];
  };
  const created = await request.post('/api/pipeline', {
    data: {
      name,
      phone: '11987654321',
      leadSourceId: refs.leadSources[0]!.id,
      productId: refs.products[0]!.id,
      stageId: refs.pipelineStages.find((stage) => stage.key === 'leads')!.id,
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: number };
}

/** Five days without activity: what only time would do, written into the journeys' database. */
async function idleForDays(cardId: number, days: number) {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set: run the journeys through `npm test`.');
  await runAsAdmin(url, `update pipeline.pipeline_cards set last_activity_at = now() - make_interval(days => ?) where id = ?`, [
    days,
    cardId,
  ]);
}

test('a card idle past its stage’s limit is red until a call is logged; its next action is done from Minhas tarefas', async ({ page }) => {
  await registerViaApi(page.request, 'Paula Reis', uniqueEmail('tasks'));
  await onboardViaApi(page.request);
  const card = await lead(page.request, 'Otávio Frio');
  await idleForDays(card.id, 5);

  // Configurações > Etapas: Contato tolerates 2 days; 0 is refused inline.
  await page.goto('/settings?tab=stages');
  const limit = page.getByRole('textbox', { name: 'Limite em Contato (dias)' });
  await expect(limit).toHaveValue('3');
  await limit.fill('0');
  // Checked with the operation's own schema before anything is sent (#36).
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/api/pipeline-stages')) sent.push(request.url());
  });
  await page.getByRole('button', { name: 'Salvar limites' }).click();
  await expect(page.getByText('Use de 1 a 365 dias, ou deixe sem limite')).toBeVisible();
  expect(sent).toEqual([]);
  await limit.fill('2');
  await expectAccessible(page, 'stage limits');
  await page.getByRole('button', { name: 'Salvar limites' }).click();
  await expect(toast(page, 'Limites das etapas salvos')).toBeVisible();

  // The board: red, counted in its column's header, without a next action.
  await page.goto('/pipeline');
  const cardButton = page.getByRole('button', { name: 'Otávio Frio', exact: true });
  await expect(cardButton.getByText('Parado há 5 dias')).toBeVisible();
  await expect(cardButton.locator('[data-idle]')).toHaveAttribute('data-idle', 'over');
  await expect(cardButton.getByText('sem próxima ação')).toBeVisible();
  await expect(page.getByTestId('parados-leads')).toHaveText('1 parado');

  // A call logged with the contact warms the card up.
  await cardButton.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Histórico' }).click();
  const history = page.getByRole('dialog', { name: 'Histórico de Otávio Frio' });
  await history.getByRole('combobox', { name: 'Tipo' }).selectOption({ label: 'Ligação' });
  await history.getByRole('textbox', { name: 'O que foi conversado' }).fill('Pediu retorno amanhã');
  await history.getByRole('button', { name: 'Registrar', exact: true }).click();
  await expect(toast(page, 'Interação registrada')).toBeVisible();
  await history.getByRole('button', { name: 'Fechar' }).click();
  await expect(cardButton.locator('[data-idle]')).toHaveAttribute('data-idle', 'ok');
  await expect(cardButton.getByText('Parado há')).toHaveCount(0);
  await expect(page.getByTestId('parados-leads')).toHaveCount(0);

  // Its next action: a call today, shown on the card.
  await cardButton.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Próxima ação' }).click();
  const next = page.getByRole('dialog', { name: 'Próxima ação: Otávio Frio' });
  await next.getByRole('textbox', { name: 'Quando' }).fill(today());
  await next.getByRole('combobox', { name: 'O quê' }).selectOption({ label: 'Ligar' });
  await next.getByRole('textbox', { name: 'Observação' }).fill('Confirmar a franquia');
  await next.getByRole('button', { name: 'Salvar próxima ação' }).click();
  await expect(toast(page, 'Próxima ação salva')).toBeVisible();
  await expect(cardButton.getByText(`Ligar em ${today().slice(0, 5)}`)).toBeVisible();

  // Minhas tarefas: today's call, done from there; the card is back to 'sem próxima ação'.
  await page.getByRole('navigation').getByRole('link', { name: 'Minhas tarefas' }).click();
  await expect(page.getByRole('tab', { name: 'Hoje (1)' })).toBeVisible();
  const task = page.getByRole('group', { name: 'Ligar: Otávio Frio' });
  await expect(task).toContainText('Pipeline: Contato');
  await expect(task).toContainText('Confirmar a franquia');
  await expect(page.getByText('Nenhum resumo enviado ainda.')).toBeVisible();
  // The digest is on until the broker turns it off; the choice is kept.
  const digest = page.getByRole('switch', { name: 'Receber o resumo diário por e-mail' });
  await expect(digest).toBeChecked();
  await digest.click();
  await expect(digest).not.toBeChecked();
  await expect
    .poll(async () => ((await (await page.request.get('/api/tasks/digest-settings')).json()) as { enabled: boolean }).enabled)
    .toBe(false);
  await expectAccessible(page, 'tasks');
  await task.getByRole('button', { name: 'Concluir: Otávio Frio' }).click();
  await expect(toast(page, 'Tarefa concluída')).toBeVisible();
  await expect(page.getByText('Nenhuma tarefa para hoje.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Hoje (0)' })).toBeVisible();
  await page.goto('/pipeline');
  await expect(cardButton.getByText('sem próxima ação')).toBeVisible();
});
