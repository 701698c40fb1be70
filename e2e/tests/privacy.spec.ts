import { expect, test, type Page } from '@playwright/test';
import { registerViaApi, toast, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/axe';
import { finalizedViaApi } from './support/book';
import { onboardViaApi } from './support/broker';
import { privacyConfirmLinkFor } from './support/outbox';

const noSideScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test('privacy (LGPD): a deletion request erases a prospect whole; the public page files a request only once its e-mail is confirmed', async ({
  page,
  browser,
}) => {
  await registerViaApi(page.request, 'Olga Dona', uniqueEmail('privacy-owner'));
  await onboardViaApi(page.request);
  const created = await page.request.post('/api/contacts', {
    data: {
      name: 'Quitéria Prospecta',
      phone: '(21) 99812-3456',
      cpf: '390.533.447-05',
      email: 'quiteria@example.com',
      type: 'individual',
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/');
  await page.getByRole('link', { name: 'Privacidade' }).click();
  await expect(page.getByRole('heading', { name: 'Privacidade' })).toBeVisible();
  await expect(page.getByText('Nenhum pedido de titular até agora.')).toBeVisible();

  // A request recorded by hand: the CPF is checked before sending.
  await page.getByRole('button', { name: 'Novo pedido' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo pedido de titular' });
  await dialog.getByRole('textbox', { name: 'CPF' }).fill('123.456.789-00');
  await dialog.getByRole('combobox', { name: 'Tipo de pedido' }).selectOption({ label: 'Eliminação' });
  await dialog.getByRole('combobox', { name: 'Como chegou' }).selectOption({ label: 'WhatsApp' });
  await dialog.getByRole('button', { name: 'Registrar pedido' }).click();
  await expect(dialog.getByText('CPF inválido')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'CPF' }).fill('390.533.447-05');
  await dialog.getByRole('button', { name: 'Registrar pedido' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', {
    name: /LGPD-\d{4}-\d{4} Quitéria Prospecta — 390\.533\.447-05 Ficha de Quitéria Prospecta Eliminação WhatsApp/,
  });
  await expect(row).toBeVisible();
  // The subject's ficha is one click away (where a correction is made).
  const { id: contactId } = (await created.json()) as { id: number };
  await expect(row.getByRole('link', { name: 'Ficha de Quitéria Prospecta' })).toHaveAttribute('href', `/contacts/${contactId}`);
  await expectAccessible(page, 'privacy requests');

  // Erased: nothing is kept of a prospect; the request keeps only a masked CPF.
  await row.getByRole('button', { name: /Ações do pedido/ }).click();
  await page.getByRole('menuitem', { name: 'Eliminar dados' }).click();
  await page.getByRole('alertdialog', { name: 'Eliminar os dados do titular' }).getByRole('button', { name: 'Eliminar' }).click();
  const result = page.getByRole('dialog', { name: /o que foi feito/ });
  await expect(result.getByText(/Cadastro do contato .*: 1/)).toBeVisible();
  await expect(result.getByRole('link', { name: 'Baixar a carta de resposta (PDF)' })).toBeVisible();
  await result.getByRole('button', { name: 'Fechar' }).click();
  await expect(page.getByRole('row', { name: /\*\*\*\.533\.447-\*\* Eliminação WhatsApp .* Respondido/ })).toBeVisible();
  const contacts = (await (await page.request.get('/api/contacts?q=Quit%C3%A9ria')).json()) as { total: number };
  expect(contacts.total).toBe(0);

  // The public page: published once the encarregado is named.
  await page.getByRole('tab', { name: 'Página pública' }).click();
  await page.getByRole('textbox', { name: 'Encarregado (DPO)' }).fill('Ana Encarregada');
  await page.getByRole('textbox', { name: 'E-mail do encarregado' }).fill('dpo@example.com');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Página de privacidade salva.')).toBeVisible();
  const publicPath = await page.getByRole('link', { name: /\/privacidade\// }).getAttribute('href');
  // Made from the nome fantasia clients know, not the razão social (#57); numbered while taken.
  expect(publicPath).toMatch(/^\/privacidade\/souza-seguros(-[a-z0-9]+)?$/);

  // A data subject, signed out, on a phone.
  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(publicPath!);
  await expect(visitor.getByText('Encarregado pelo tratamento de dados (DPO): Ana Encarregada — dpo@example.com.')).toBeVisible();
  await expect(visitor.getByText('Consentimento (LGPD art. 7º, I)').first()).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Privacidade — Souza Seguros' })).toBeVisible();
  // Health data, sensitive, on art. 11's basis (#57).
  await expect(visitor.getByText('Dado sensível: exercício regular de direitos, inclusive em contrato (art. 11, II, d)')).toBeVisible();
  const titular = uniqueEmail('titular');
  await visitor.getByRole('textbox', { name: 'Seu nome' }).fill('Titular Público');
  await visitor.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(visitor.getByText('Informe seu e-mail')).toBeVisible();
  await visitor.getByRole('textbox', { name: 'Seu e-mail' }).fill(titular);
  await visitor.getByRole('combobox', { name: 'O que você quer pedir' }).selectOption({ label: 'Acesso aos dados' });
  await visitor.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(visitor.getByText(/o pedido só é registrado depois que você confirmar/)).toBeVisible();
  await noSideScroll(visitor);
  await expectAccessible(visitor, 'public privacy page');
  // Not yet a request.
  await page.getByRole('tab', { name: 'Pedidos' }).click();
  await page.reload();
  await expect(page.getByRole('row', { name: /Formulário da página de privacidade/ })).toHaveCount(0);

  await visitor.goto(await privacyConfirmLinkFor(titular));
  await expect(visitor.getByText(/Pedido LGPD-\d{4}-\d{4} registrado/)).toBeVisible();
  await visitorContext.close();

  await page.reload();
  await expect(page.getByRole('row', { name: /Titular Público — .* Acesso aos dados Formulário da página de privacidade/ })).toBeVisible();

  // The screens on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByText('Acesso aos dados').first()).toBeVisible();
  await noSideScroll(page);
  await page.getByRole('tab', { name: 'Registro de tratamento' }).click();
  await expect(page.getByRole('link', { name: 'Exportar registro (CSV)' })).toBeVisible();
  await noSideScroll(page);
});

test('privacy (LGPD): a client whose policy is in force stays reachable; one whose policy ended is blocked, and the search box and the ficha say until when, on a phone (#57)', async ({
  page,
}) => {
  await registerViaApi(page.request, 'Olga Dona', uniqueEmail('privacy-blocked'));
  await onboardViaApi(page.request);
  /** A client with an issued policy, erased at their request: the erasure's answer. */
  const erasedClient = async (name: string, cpf: string, number: string, cancel: boolean) => {
    const card = await finalizedViaApi(page.request, name);
    const issued = await page.request.post(`/api/pipeline-cards/${card.id}/confirm-issuance`, { data: { policyNumber: number } });
    expect(issued.status()).toBe(200);
    if (cancel) expect((await page.request.post(`/api/policies/${(await issued.json()).policyId}/cancel`)).status()).toBe(200);
    const edited = await page.request.patch(`/api/contacts/${card.contactId}`, { data: { name, phone: '(11) 98765-4321', cpf } });
    expect(edited.status()).toBe(200);
    const asked = await page.request.post('/api/privacy/requests', { data: { subject: { cpf }, type: 'deletion', channel: 'email' } });
    expect(asked.status()).toBe(201);
    const erased = await page.request.post(`/api/privacy/requests/${(await asked.json()).id}/erase`);
    expect(erased.status()).toBe(200);
    return { contactId: card.contactId, ...((await erased.json()) as { blocked: boolean; retainUntil: string }) };
  };

  // In force: the contract needs the person reachable (art. 7, V); the ficha says why, and still edits.
  const running = await erasedClient('Célia Vigente', '111.444.777-35', 'CV-2026-1', false);
  expect(running.blocked).toBe(false);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/contacts/${running.contactId}`);
  await expect(page.getByText(/os dados de contato ficam só para o contrato em vigor/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar' })).toBeVisible();
  await noSideScroll(page);

  // Cancelled: only the retention keeps it, blocked.
  const ended = await erasedClient('Bento Guardado', '529.982.247-25', 'BG-2026-1', true);
  expect(ended.blocked).toBe(true);
  const until = ended.retainUntil.split('-').reverse().join('/');
  await page.goto('/dashboard');
  await page.getByRole('combobox', { name: /Buscar clientes/ }).fill('bento');
  const found = page
    .getByRole('listbox', { name: 'Resultados da busca' })
    .getByRole('option', { name: new RegExp(`Bento Guardado .*bloqueado \\(LGPD\\) até ${until}`) });
  await expect(found).toBeVisible();
  await noSideScroll(page);
  await found.click();
  await expect(page).toHaveURL(new RegExp(`/contacts/${ended.contactId}$`));
  await expect(page.getByText(`os dados ficam só pela guarda das apólices, até ${until}`)).toBeVisible();
  // A blocked client's ficha offers no edit, message, claim or sale.
  for (const action of ['Editar', 'Histórico e WhatsApp', 'Novo sinistro', 'Nova venda']) {
    await expect(page.getByRole('button', { name: action, exact: true })).toHaveCount(0);
  }
  await noSideScroll(page);
});
