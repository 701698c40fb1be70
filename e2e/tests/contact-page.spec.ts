import { expect, test } from '@playwright/test';
import { registerViaApi, toast, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/axe';
import { onboardViaApi } from './support/broker';
import { clientWithABook } from './support/book';

test('the ficha do cliente: from Contatos, the client whole on a phone — policy, open instalment, claim with its document, timeline; each opens its screen (#35)', async ({
  page,
  playwright,
  baseURL,
}) => {
  await registerViaApi(page.request, 'Paula Reis', uniqueEmail('ficha'));
  await onboardViaApi(page.request);
  const { contactId, claimId } = await clientWithABook(page.request);
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto('/contacts');
  await page.getByRole('link', { name: 'Camila Fernandes' }).click();
  await expect(page).toHaveURL(new RegExp(`/contacts/${contactId}$`));
  await expect(page.getByRole('heading', { name: 'Camila Fernandes', level: 1 })).toBeVisible();
  const policies = page.getByRole('region', { name: 'Apólices' });
  await expect(policies.getByText('AP-2026-77 · Auto')).toBeVisible();
  await expect(policies.getByText('Ativa')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Parcelas em aberto' }).getByText('Parcela 1 · AP-2026-77')).toBeVisible();
  const claims = page.getByRole('region', { name: 'Sinistros' });
  await expect(claims.getByText(/Aberto/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Documentos' }).getByText('boletim.pdf')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Linha do tempo' }).getByText('Ligação: Avisou do sinistro')).toBeVisible();
  // Its author by name, not by e-mail (#35 item 7).
  await expect(page.getByRole('region', { name: 'Linha do tempo' }).getByText(/ · Paula Reis$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Negócios no pipeline' }).getByText('Nenhum negócio em aberto.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'contact page');

  // Each item opens its own screen.
  await claims.getByRole('link', { name: 'Documentos do sinistro' }).click();
  await expect(page).toHaveURL(new RegExp(`/documents\\?sinistro=${claimId}$`));
  await expect(page.getByText('boletim.pdf')).toBeVisible();
  await page.goBack();
  await policies.getByRole('link', { name: 'Em Apólices' }).click();
  await expect(page).toHaveURL(/\/policies\?busca=Camila/);
  await expect(page.getByRole('main').getByText('AP-2026-77').first()).toBeVisible();

  // New business for this client (#35 item 3): the ficha's "Nova venda" opens the lead dialog on them,
  // and the board's Novo Lead finds them as the broker types; neither adds a contact.
  const contactsBefore = (await (await page.request.get('/api/contacts')).json()).total;
  await page.goto(`/contacts/${contactId}`);
  await page.getByRole('button', { name: 'Nova venda' }).click();
  await expect(page).toHaveURL(/\/pipeline$/);
  const sale = page.getByRole('dialog', { name: 'Nova venda para um cliente' });
  await expect(sale.getByText('Camila Fernandes')).toBeVisible();
  await sale.getByLabel('Tipo de seguro').selectOption({ index: 1 });
  await sale.getByLabel('Origem do lead').selectOption({ index: 1 });
  await sale.getByRole('button', { name: 'Criar Lead' }).click();
  await expect(sale).toBeHidden();
  await page.getByRole('button', { name: 'Novo Lead' }).click();
  const fresh = page.getByRole('dialog');
  await fresh.getByRole('button', { name: 'Cliente existente' }).click();
  await fresh.getByPlaceholder('Buscar cliente').fill('camila fern');
  await fresh.getByRole('button', { name: /Camila Fernandes/ }).click();
  await expect(fresh.getByRole('button', { name: 'Trocar' })).toBeVisible();
  await fresh.getByLabel('Tipo de seguro').selectOption({ index: 2 });
  await fresh.getByLabel('Origem do lead').selectOption({ index: 1 });
  await fresh.getByRole('button', { name: 'Criar Lead' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  // The two new deals beside the sale already issued (Finalizado).
  await expect(page.getByText('Camila Fernandes', { exact: true })).toHaveCount(3);
  expect((await (await page.request.get('/api/contacts')).json()).total).toBe(contactsBefore);
  await page.goto(`/contacts/${contactId}`);
  await expect(page.getByRole('region', { name: 'Negócios no pipeline' }).getByRole('link', { name: 'Abrir negócio' })).toHaveCount(2);

  // Atividade Recente names the client with a link to the ficha.
  await page.goto('/');
  await page
    .getByRole('link', { name: /^Novo lead: Camila Fernandes/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/contacts/${contactId}$`));

  // A task about this client (#35 item 5), with its hour: written from the ficha, listed on it and in Minhas tarefas.
  await page.getByRole('region', { name: 'Tarefas' }).getByRole('link', { name: 'Nova tarefa' }).click();
  const task = page.getByRole('dialog', { name: 'Nova tarefa' });
  await expect(task.getByText('Camila Fernandes')).toBeVisible();
  await task.getByRole('button', { name: 'Criar tarefa' }).click();
  await expect(task.getByText('Informe a data como dd/mm/aaaa')).toBeVisible();
  const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
  await task.getByLabel('Dia').fill(tomorrow);
  await task.getByRole('button', { name: 'Criar tarefa' }).click();
  await expect(task.getByText('Descreva a tarefa')).toBeVisible();
  await task.getByLabel('O que fazer').fill('Pedir fotos da vistoria');
  await task.getByLabel('Hora').fill('14:30');
  await task.getByRole('button', { name: 'Criar tarefa' }).click();
  await expect(task).toBeHidden();
  await page.getByRole('tab', { name: /Próximas/ }).click();
  const first = page.getByRole('group', { name: 'Tarefa: Pedir fotos da vistoria' });
  await expect(first.getByText(`Para ${tomorrow} às 14:30`)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Edited in Minhas tarefas: the dialog opens on what was written; an empty title is refused before sending.
  await first.getByRole('button', { name: 'Editar: Pedir fotos da vistoria' }).click();
  const editing = page.getByRole('dialog', { name: 'Editar tarefa' });
  await expect(editing.getByLabel('O que fazer')).toHaveValue('Pedir fotos da vistoria');
  await expect(editing.getByLabel('Dia')).toHaveValue(tomorrow);
  await expect(editing.getByLabel('Hora')).toHaveValue('14:30');
  await editing.getByLabel('O que fazer').fill('');
  await editing.getByRole('button', { name: 'Salvar' }).click();
  await expect(editing.getByText('Descreva a tarefa')).toBeVisible();
  await editing.getByLabel('O que fazer').fill('Pedir fotos e o laudo da vistoria');
  await editing.getByLabel('Hora').fill('16:00');
  await editing.getByRole('button', { name: 'Salvar' }).click();
  await expect(editing).toBeHidden();
  const written = page.getByRole('group', { name: 'Tarefa: Pedir fotos e o laudo da vistoria' });
  await expect(written.getByText(`Para ${tomorrow} às 16:00`)).toBeVisible();
  await written.getByRole('link', { name: 'Ficha do cliente' }).click();
  await expect(page.getByRole('region', { name: 'Tarefas' }).getByText('Pedir fotos e o laudo da vistoria')).toBeVisible();
  // Deleted from Minhas tarefas, after asking: gone from the list and the ficha.
  await page.goto('/tasks?quando=upcoming');
  await written.getByRole('button', { name: 'Excluir: Pedir fotos e o laudo da vistoria' }).click();
  await page.getByRole('alertdialog', { name: 'Excluir tarefa' }).getByRole('button', { name: 'Excluir' }).click();
  await expect(toast(page, 'Tarefa excluída')).toBeVisible();
  await expect(written).toBeHidden();
  await page.goto(`/contacts/${contactId}`);
  await expect(page.getByRole('region', { name: 'Tarefas' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tarefas' }).getByText('Pedir fotos e o laudo da vistoria')).toBeHidden();

  // Another brokerage: the page and the API say the contact does not exist.
  const other = await playwright.request.newContext({ baseURL });
  await registerViaApi(other, 'Outro Corretor', uniqueEmail('ficha-outro'));
  await onboardViaApi(other);
  const foreign = await other.get(`/api/contacts/${contactId}/overview`);
  expect(foreign.status()).toBe(404);
  expect((await foreign.json()).message).toBe('Contato não encontrado.');
  await other.dispose();
});
