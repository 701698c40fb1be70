import { expect, test, type Browser, type Page } from '@playwright/test';
import { PASSWORD, registerViaApi, toast, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/axe';
import { leadViaApi } from './support/book';
import { BROKERAGE, onboardViaApi } from './support/broker';
import { invitationLinkFor } from './support/outbox';

/** The owner invites through Minha Corretora's Equipe. */
async function invite(page: Page, email: string, role: 'Produtor' | 'Assistente') {
  await page.getByRole('button', { name: 'Convidar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Convidar para a equipe' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Papel').selectOption({ label: role });
  await dialog.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(toast(page, `Convite enviado para ${email}. O link vale por 7 dias.`)).toBeVisible();
}

/** The invitee opens the mailed link in a browser of their own, chooses a name and password and lands in the brokerage. */
async function accept(browser: Browser, email: string, name: string): Promise<Page> {
  const link = await invitationLinkFor(email);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(new URL(link).pathname + new URL(link).hash);
  await expect(page.getByRole('heading', { name: `Entrar na equipe de ${BROKERAGE.tradingName}` })).toBeVisible();
  // The token leaves the address bar once read.
  await expect(page).toHaveURL(/\/convite$/);
  await page.getByLabel('Seu nome').fill(name);
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Confirmar senha' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Aceitar convite' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

test('an owner invites a producer and an assistant; each accepts from the e-mailed link; the producer sees only their own clients, the assistant no commissions; disabling the producer ends their session and moves their carteira (#38)', async ({
  page,
  browser,
}) => {
  const ownerEmail = uniqueEmail('dona');
  await registerViaApi(page.request, 'Dona Regina', ownerEmail);
  await onboardViaApi(page.request);
  const ownersClient = await page.request.post('/api/contacts', { data: { kind: 'pf', name: 'Cliente da Dona', phone: '(11) 3222-4455' } });
  expect(ownersClient.status()).toBe(201);
  await page.goto('/broker');
  const team = page.getByRole('list', { name: 'Membros da equipe' });
  await expect(team.getByRole('listitem')).toHaveCount(1);

  const producerEmail = uniqueEmail('produtor');
  const assistantEmail = uniqueEmail('assistente');
  await invite(page, producerEmail, 'Produtor');
  await invite(page, assistantEmail, 'Assistente');
  await expect(team.getByRole('listitem').filter({ hasText: producerEmail })).toContainText('Convidado');

  // The producer: their own lead, never the owner's client.
  const producer = await accept(browser, producerEmail, 'Paulo Produtor');
  const lead = await leadViaApi(producer.request, 'Cliente do Paulo', '(21) 99876-5432');
  expect(lead.status()).toBe(201);
  await producer.goto('/contacts');
  await expect(producer.getByText('Cliente do Paulo').first()).toBeVisible();
  await expect(producer.getByText('Cliente da Dona')).toHaveCount(0);
  expect((await producer.request.get(`/api/contacts/${(await ownersClient.json()).id}`)).status()).toBe(404);
  expect((await producer.request.delete('/api/clear-data')).status()).toBe(403);
  expect((await producer.request.post('/api/team/invitations', { data: { email: uniqueEmail('x'), role: 'admin' } })).status()).toBe(403);

  // The assistant: every client, no Comissões.
  const assistant = await accept(browser, assistantEmail, 'Ana Assistente');
  const navigation = assistant.getByRole('navigation', { name: 'Navegação principal' });
  await expect(navigation.getByRole('link', { name: 'Contatos' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Comissões' })).toHaveCount(0);
  expect((await assistant.request.get('/api/commissions')).status()).toBe(403);
  expect((await assistant.request.get('/api/receivables')).status()).toBe(403);
  await assistant.goto('/contacts');
  await expect(assistant.getByText('Cliente do Paulo').first()).toBeVisible();
  await expect(assistant.getByText('Cliente da Dona').first()).toBeVisible();

  // Who did what: the owner changes her client's e-mail; the ficha's history says who, when, before and after.
  const ownersClientId = (await ownersClient.json()).id as number;
  const edited = await page.request.patch(`/api/contacts/${ownersClientId}`, {
    data: { name: 'Cliente da Dona', phone: '(11) 3222-4455', email: 'cliente.novo@exemplo.com.br' },
  });
  expect(edited.status()).toBe(200);
  await page.goto(`/contacts/${ownersClientId}`);
  const history = page.getByRole('region', { name: 'Histórico de alterações' });
  await expect(history.getByText('E-mail: — → cliente.novo@exemplo.com.br')).toBeVisible();
  await expect(history.getByText('Dona Regina alterou')).toBeVisible();

  // The board narrows to one member's deals.
  await page.goto('/pipeline');
  await expect(page.getByText('Cliente do Paulo').first()).toBeVisible();
  await page.getByLabel('Filtrar por responsável').selectOption({ label: 'Dona Regina' });
  await expect(page.getByText('Cliente do Paulo')).toHaveCount(0);
  await page.getByLabel('Filtrar por responsável').selectOption({ label: 'Paulo Produtor' });
  await expect(page.getByText('Cliente do Paulo').first()).toBeVisible();
  await page.goto('/broker');

  // The owner sees the team and disables the producer, passing the carteira to herself.
  await page.reload();
  await expect(team.getByRole('listitem').filter({ hasText: 'Paulo Produtor' })).toContainText('Ativo');
  await expectAccessible(page, 'Minha Corretora com a equipe');
  await team.getByRole('button', { name: 'Ações de Paulo Produtor' }).click();
  await page.getByRole('menuitem', { name: 'Desativar' }).click();
  const disable = page.getByRole('dialog', { name: 'Desativar Paulo Produtor' });
  // What moves is said before it moves; an assistant holds no carteira (#58).
  await expect(disable.getByText('A carteira de Paulo Produtor: 1 cliente e 0 apólices em vigor', { exact: false })).toBeVisible();
  await expect(disable.getByLabel('Novo responsável').locator('option', { hasText: 'Ana Assistente' })).toHaveCount(0);
  await disable.getByLabel('Novo responsável').selectOption({ label: `Dona Regina (${ownerEmail})` });
  await disable.getByRole('button', { name: 'Desativar' }).click();
  await expect(toast(page, 'Paulo Produtor foi desativado; 2 registros passaram ao novo responsável.')).toBeVisible();
  await expect(team.getByRole('listitem').filter({ hasText: 'Paulo Produtor' })).toContainText('Desativado');

  // His next request is signed out; his client is now the owner's.
  expect((await producer.request.get('/api/contacts')).status()).toBe(401);
  const owned = await page.request.get('/api/contacts');
  expect(JSON.stringify(await owned.json())).toContain('Cliente do Paulo');

  // Whose client it is, on the ficha: the owner gives Paulo's former client to the assistant.
  const paulosClient = (await lead.json()).contactId as number;
  await page.goto(`/contacts/${paulosClient}`);
  const facts = page.getByRole('region', { name: 'Dados do cliente' });
  await expect(facts.getByText('Dona Regina')).toBeVisible();
  await page.getByRole('button', { name: 'Mudar responsável' }).click();
  const change = page.getByRole('dialog', { name: 'Mudar responsável' });
  await change.getByLabel('Responsável').selectOption({ label: 'Ana Assistente' });
  await change.getByRole('button', { name: 'Mudar' }).click();
  await expect(toast(page, 'Cliente do Paulo agora é de Ana Assistente.')).toBeVisible();
  await expect(facts.getByText('Ana Assistente')).toBeVisible();
  // An import's clients can be given to a member when it is confirmed, or row by row by a Produtor column.
  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Importar' }).click();
  const wizard = page.getByRole('dialog', { name: 'Importar contatos' });
  await wizard.getByLabel('Planilha').setInputFiles({
    name: 'carteira.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Nome;Celular;Produtor\nCliente Importado da Ana;(31) 98765-4321;\nImportado da Regina;(31) 98765-4322;dona regina\n',
    ),
  });
  await wizard.getByRole('button', { name: 'Enviar planilha' }).click();
  await wizard.getByRole('button', { name: 'Pré-visualizar' }).click();
  await expect(wizard.getByText('Novo contato, de Dona Regina')).toBeVisible();
  await wizard.getByLabel('Responsável pelos clientes e apólices importados').selectOption({ label: 'Ana Assistente' });
  await wizard.getByRole('button', { name: /Confirmar importação \(2 novos/ }).click();
  await expect(wizard.getByText('carteira.csv: Concluída.')).toBeVisible();
  await wizard.getByRole('button', { name: 'Fechar' }).click();
  const imported = (
    (await (await page.request.get('/api/contacts?q=Importado')).json()) as { items: { name: string; responsibleId: string }[] }
  ).items;
  const anaId = ((await (await assistant.request.get('/api/auth/user')).json()) as { id: string }).id;
  const ownerId = ((await (await page.request.get('/api/auth/user')).json()) as { id: string }).id;
  expect(Object.fromEntries(imported.map((contact) => [contact.name, contact.responsibleId]))).toEqual({
    'Cliente Importado da Ana': anaId,
    'Importado da Regina': ownerId,
  });

  // An assistant may not give a client away (no button; the API says 403).
  const byAssistant = await assistant.request.patch(`/api/contacts/${paulosClient}`, {
    data: { name: 'Cliente do Paulo', phone: '(21) 99876-5432', responsibleId: ownerId },
  });
  expect([byAssistant.status(), await byAssistant.text()]).toEqual([
    403,
    JSON.stringify({ message: 'Seu papel na corretora não permite esta ação.' }),
  ]);
  await page.goto('/broker');

  // At 390 px the team fits.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(team.getByRole('listitem').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await Promise.all([producer.context().close(), assistant.context().close()]);
});
