import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { PASSWORD, registerViaApi, signInThroughForm, toast, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/axe';
import { finalizedViaApi, leadViaApi } from './support/book';
import { BROKERAGE, onboardViaApi } from './support/broker';
import { joinViaApi } from './support/outbox';

// The smallest valid PNG (1×1): a real image as the server's content check sees it.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Dona Regina's onboarded brokerage (signed in on `page`) with Paulo Reis, a producer, signed in on a page of his own. */
async function brokerageWithPaulo(page: Page, browser: Browser): Promise<Page> {
  await registerViaApi(page.request, 'Dona Regina', uniqueEmail('dona'));
  await onboardViaApi(page.request);
  const paulo = await (await browser.newContext()).newPage();
  await joinViaApi(page.request, paulo.request, 'producer', 'Paulo Reis', uniqueEmail('paulo'));
  return paulo;
}

test("a producer's Meu Perfil is his own: he edits his name, mobile and password, and never sees the owner's CPF or mobile (#58)", async ({
  page,
  browser,
}) => {
  await registerViaApi(page.request, 'Dona Regina', uniqueEmail('dona'));
  await onboardViaApi(page.request);
  const context = await browser.newContext();
  const paulo = await context.newPage();
  const pauloEmail = uniqueEmail('paulo');
  await joinViaApi(page.request, paulo.request, 'producer', 'Paulo Produtor', pauloEmail);

  await paulo.goto('/profile');
  await expect(paulo.getByRole('heading', { name: 'Meu Perfil' })).toBeVisible();
  await expect(paulo.getByText('Seu papel na corretora: Produtor')).toBeVisible();
  await expect(paulo.getByLabel('Nome')).toHaveValue('Paulo Produtor');
  await expect(paulo.getByLabel('CPF')).toHaveCount(0);
  await paulo.getByLabel('Nome').fill('Paulo Reis');
  await paulo.getByLabel('Celular').fill('11987654321');
  await paulo.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(toast(paulo, 'Perfil atualizado com sucesso')).toBeVisible();
  await expect(paulo.getByLabel('Celular')).toHaveValue('(11) 98765-4321');

  // A new e-mail asks for the current password; a wrong one is said on the field.
  await paulo.getByRole('textbox', { name: 'E-mail', exact: true }).fill(uniqueEmail('paulo.novo'));
  await paulo.getByLabel('Senha atual (para trocar o e-mail)').fill('nao-e-essa-senha');
  await paulo.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(paulo.getByText('Senha atual incorreta.').first()).toBeVisible();
  await paulo.getByRole('textbox', { name: 'E-mail', exact: true }).fill(pauloEmail);
  await expect(paulo.getByLabel('Senha atual (para trocar o e-mail)')).toHaveCount(0);

  // The password: checked before sending, then changed; the old one no longer signs in.
  const password = paulo.getByRole('form', { name: 'Alterar senha' });
  await password.getByRole('textbox', { name: 'Senha atual', exact: true }).fill(PASSWORD);
  await password.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('senha-nova-do-paulo');
  await password.getByLabel('Confirmar nova senha').fill('outra-coisa');
  await password.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(password.getByText('As senhas não conferem')).toBeVisible();
  await password.getByLabel('Confirmar nova senha').fill('senha-nova-do-paulo');
  await password.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(toast(paulo, 'Senha alterada com sucesso. As outras sessões foram encerradas.')).toBeVisible();
  // His own photo, not the brokerage's.
  await paulo.getByLabel('Arquivo da foto').setInputFiles({ name: 'paulo.png', mimeType: 'image/png', buffer: PNG });
  await expect(toast(paulo, 'Foto atualizada com sucesso')).toBeVisible();
  await expect(paulo.locator('img[src*="/api/broker-profile/member-photos/"]')).toBeVisible();
  expect((await (await page.request.get('/api/broker-profile')).json()).photoUrl).toBeNull();
  await paulo.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(paulo, 'Meu Perfil de um produtor');
  await paulo.reload();
  await expect(paulo.getByLabel('Nome')).toHaveValue('Paulo Reis');

  // Minha Corretora shows him the brokerage, not the owner's CPF or personal mobile.
  await paulo.goto('/broker');
  await expect(paulo.getByText(BROKERAGE.companyName)).toBeVisible();
  await expect(paulo.getByText('CPF', { exact: true })).toHaveCount(0);
  await expect(paulo.getByText('Celular', { exact: true })).toHaveCount(0);

  const fresh = await (await browser.newContext()).newPage();
  expect((await fresh.request.post('/api/auth/login', { data: { email: pauloEmail, password: PASSWORD } })).status()).toBe(401);
  await signInThroughForm(fresh, pauloEmail, 'senha-nova-do-paulo');
  await expect(fresh).toHaveURL(/\/dashboard$/);

  // The owner's Meu Perfil is still the brokerage's profile, with her CPF.
  await page.goto('/profile');
  await expect(page.getByLabel('CPF')).toHaveValue('529.982.247-25');
  await expect(page.getByRole('form', { name: 'Alterar senha' })).toBeVisible();
});

test("an assistant takes a lead for Paulo, who finds it on his board with his initials; Paulo typing a colleague's client's CPF is told, no record is made, and he asks the owner for it (#58)", async ({
  page,
  browser,
}) => {
  const paulo = await brokerageWithPaulo(page, browser);
  const ana = await (await browser.newContext()).newPage();
  await joinViaApi(page.request, ana.request, 'assistant', 'Ana Assistente', uniqueEmail('ana'));
  const reginas = await page.request.post('/api/contacts', {
    data: { name: 'Marta Lima', phone: '(11) 3222-4455', cpf: '529.982.247-25' },
  });
  expect(reginas.status()).toBe(201);

  // Ana's Novo Lead asks whose it is.
  await ana.goto('/pipeline');
  await ana.getByRole('button', { name: 'Adicionar lead em Contato' }).click();
  const dialog = ana.getByRole('dialog');
  await dialog.getByLabel('Nome').fill('Lead para o Paulo');
  await dialog.getByLabel('Telefone').pressSequentially('11987654321');
  await dialog.getByLabel('Tipo de seguro').selectOption({ label: 'Seguro Auto' });
  await dialog.getByLabel('Origem do lead').selectOption({ label: 'Indicação' });
  await expect(dialog.getByLabel('Responsável')).toHaveValue('');
  await dialog.getByLabel('Responsável').selectOption({ label: 'Paulo Reis' });
  await dialog.getByRole('button', { name: 'Criar Lead' }).click();
  await expect(toast(ana, 'Lead criado')).toBeVisible();

  await paulo.goto('/pipeline');
  const card = paulo.getByRole('button', { name: 'Lead para o Paulo, responsável: Paulo Reis' });
  await expect(card).toBeVisible();
  await expect(card.getByText('PR', { exact: true })).toBeVisible();
  // A producer's records are his own: his form does not ask.
  await paulo.getByRole('button', { name: 'Adicionar lead em Contato' }).click();
  const own = paulo.getByRole('dialog');
  await expect(own.getByLabel('Responsável')).toHaveCount(0);
  await own.getByLabel('Nome').fill('Marta');
  await own.getByLabel('Telefone').pressSequentially('11987654322');
  await own.getByLabel('CPF').pressSequentially('52998224725');
  await own.getByLabel('Tipo de seguro').selectOption({ label: 'Seguro Auto' });
  await own.getByLabel('Origem do lead').selectOption({ label: 'Indicação' });
  await own.getByRole('button', { name: 'Criar Lead' }).click();
  await expect(own.getByRole('alert').filter({ hasText: 'Este cliente já está na carteira de outro membro da equipe.' })).toBeVisible();
  await expect(own.getByText('Cliente de outro membro da equipe')).toBeVisible();
  await paulo.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(paulo, 'Novo Lead com o cliente de um colega');
  await own.getByRole('button', { name: 'Pedir o cliente ao proprietário' }).click();
  await expect(toast(paulo, 'Pedido enviado')).toBeVisible();
  const contacts = await (await page.request.get('/api/contacts?q=Marta')).json();
  expect(contacts.total).toBe(1);

  // The owner finds the request among her tasks, and sees whose each client is in Contatos.
  await page.goto('/tasks');
  await expect(page.getByText('Paulo Reis pede o cliente Marta Lima (CPF 529.982.247-25)', { exact: false })).toBeVisible();
  await page.goto('/contacts');
  await expect(page.getByRole('row', { name: /Lead para o Paulo/ }).getByRole('cell', { name: 'Paulo Reis' })).toBeVisible();
  // She gives Marta to Paulo from the list (and the ficha's 'Mudar responsável' does one at a time).
  await page.getByRole('checkbox', { name: 'Selecionar Marta Lima' }).check();
  const chosen = page.getByRole('group', { name: 'Clientes selecionados' });
  await expect(chosen).toContainText('1 cliente selecionado');
  await chosen.getByRole('button', { name: 'Mudar responsável' }).click();
  await expect(chosen.getByRole('alert')).toHaveText('Escolha um membro da equipe');
  await chosen.getByLabel('Novo responsável').selectOption({ label: 'Paulo Reis' });
  await chosen.getByRole('button', { name: 'Mudar responsável' }).click();
  await expect(toast(page, '1 cliente agora é de Paulo Reis.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Marta Lima/ }).getByRole('cell', { name: 'Paulo Reis' })).toBeVisible();
  expect((await paulo.request.get(`/api/contacts/${(await reginas.json()).id}`)).status()).toBe(200);
});

test("the owner's Equipe › Produção: each member's month, with the premium of their policies to the centavo, and its CSV (#58)", async ({
  page,
  browser,
}) => {
  const paulo = await brokerageWithPaulo(page, browser);
  const card = await finalizedViaApi(paulo.request, 'Cliente do Paulo');
  expect((await paulo.request.post(`/api/pipeline-cards/${card.id}/confirm-issuance`, { data: {} })).status()).toBe(200);
  expect((await leadViaApi(paulo.request, 'Outro lead do Paulo', '(11) 98765-4000')).status()).toBe(201);

  await page.goto('/broker');
  await page.getByRole('button', { name: 'Produção' }).click();
  const byMember = page.getByRole('table', { name: 'Produção por membro' });
  const row = byMember.getByRole('row', { name: /Paulo Reis/ });
  await expect(row).toContainText('R$ 1.073,80');
  await expect(row).toContainText('R$ 125,00');
  await expect(row).toContainText('50,0%');
  await expect(page.getByRole('table', { name: 'Produção mês a mês' }).getByRole('row', { name: /Paulo Reis/ })).toHaveCount(1);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'Equipe › Produção');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exportar CSV' }).click();
  const csv = await (await download).path();
  expect(readFileSync(csv, 'utf8')).toContain(';Paulo Reis;1;1073,80;125,00;2;1;50,0;');
  // A producer has no such view, and the API says so.
  expect((await paulo.request.get('/api/team/production')).status()).toBe(403);
});

test('a page a role may not open says so, and a control a role cannot use is not shown (#58)', async ({ page, browser }) => {
  const paulo = await brokerageWithPaulo(page, browser);
  const ana = await (await browser.newContext()).newPage();
  await joinViaApi(page.request, ana.request, 'assistant', 'Ana Assistente', uniqueEmail('ana'));

  // The assistant typing /commissions: said in its place, nothing of the area loaded, no control but the way back.
  await ana.goto('/commissions');
  await expect(ana.getByRole('heading', { name: 'Sua função não dá acesso a Comissões' })).toBeVisible();
  await expect(ana.getByRole('heading', { name: 'Comissões', exact: true })).toHaveCount(0);
  await ana.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(ana, 'Comissões para uma assistente');
  await ana.getByRole('button', { name: 'Ir para o Painel' }).click();
  await expect(ana).toHaveURL(/\/(dashboard)?$/);
  // The producer and Privacidade, likewise.
  await paulo.goto('/privacy');
  await expect(paulo.getByRole('heading', { name: 'Sua função não dá acesso a Privacidade' })).toBeVisible();

  // Configurações: the producer reads the catalogues, without the office's controls.
  await paulo.goto('/settings');
  await expect(paulo.getByText('Seguro Auto').first()).toBeVisible();
  await expect(paulo.getByRole('button', { name: 'Adicionar Produto' })).toHaveCount(0);
  await expect(paulo.getByRole('switch')).toHaveCount(0);
  await expect(paulo.getByRole('button', { name: /^Editar / })).toHaveCount(0);
  // The assistant (the office) keeps them.
  await ana.goto('/settings');
  await expect(ana.getByRole('button', { name: 'Adicionar Produto' })).toBeVisible();

  // Recebíveis: the producer reads the month; statements, matching and settings are the managers'.
  await paulo.goto('/commissions');
  await paulo.getByRole('tab', { name: 'Recebíveis' }).click();
  const panel = paulo.getByRole('tabpanel', { name: 'Recebíveis' });
  await expect(panel.getByRole('link', { name: 'Baixar CSV' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Importar extrato' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Tolerância e carência' })).toHaveCount(0);
  await page.goto('/commissions');
  await page.getByRole('tab', { name: 'Recebíveis' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Recebíveis' }).getByRole('button', { name: 'Importar extrato' })).toBeVisible();
});
