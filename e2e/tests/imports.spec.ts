import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerViaApi, toast, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/axe';
import { onboardViaApi } from './support/broker';
import { xlsxWorkbook } from '@corretora/service-kit/file-samples';

/** What Excel in pt-BR saves: ';', Windows-1252 (one byte per accented letter), CRLF, no BOM. */
function windows1252(lines: string[]): Buffer {
  return Buffer.from(lines.join('\r\n') + '\r\n', 'latin1');
}

async function signUpOnboarded(page: Page, prefix: string) {
  await registerViaApi(page.request, 'Paula Reis', uniqueEmail(prefix));
  await onboardViaApi(page.request);
}

interface ContactRow {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  cpf: string | null;
  address: { city: string | null };
  birthDate: string | null;
  type: string;
}

async function contactsOf(request: APIRequestContext): Promise<ContactRow[]> {
  return ((await (await request.get('/api/contacts?pageSize=100')).json()) as { items: ContactRow[] }).items;
}

async function uploadInWizard(page: Page, title: string, name: string, buffer: Buffer) {
  const wizard = page.getByRole('dialog', { name: title });
  await expect(wizard).toBeVisible();
  await wizard.getByLabel('Planilha').setInputFiles({ name, mimeType: 'text/csv', buffer });
  await wizard.getByRole('button', { name: 'Enviar planilha' }).click();
  return wizard;
}

test('contacts from a Windows-1252 spreadsheet: mapped, previewed, imported with accents intact, updated by CPF, undone', async ({
  page,
}) => {
  await signUpOnboarded(page, 'import');
  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Importar' }).click();
  const wizard = await uploadInWizard(
    page,
    'Importar contatos',
    'clientes.csv',
    windows1252([
      'Nome;CPF;E-mail;Celular;Nascimento;Cidade;UF',
      'José da Conceição;529.982.247-25;jose@exemplo.com;(11) 98765-4321;03/04/2024;São Paulo;SP',
      'Joana Araújo;;joana@exemplo.com;21 8765-4321;;Niterói;RJ',
      'Sem Nome Válido;123;;;;;',
    ]),
  );
  // The columns were suggested from the headers.
  await expect(wizard.getByText(/clientes\.csv: 3 linhas, windows-1252, separador ";"/)).toBeVisible();
  await expect(wizard.getByRole('combobox', { name: 'Nome', exact: true })).toHaveValue('Nome');
  await expect(wizard.getByRole('combobox', { name: 'CPF/CNPJ' })).toHaveValue('CPF');
  await expect(wizard.getByRole('combobox', { name: 'Telefone' })).toHaveValue('Celular');
  await expectAccessible(page, 'import mapping');
  await wizard.getByRole('button', { name: 'Pré-visualizar' }).click();

  await expect(wizard.getByText('Criar: 2')).toBeVisible();
  await expect(wizard.getByText('Erro: 1')).toBeVisible();
  await expect(wizard.getByRole('row', { name: /^4 Erro CPF ou CNPJ inválido/ })).toBeVisible();
  const download = page.waitForEvent('download');
  await wizard.getByRole('link', { name: 'Baixar erros (CSV)' }).click();
  const errors = await (await download).path();
  expect(errors).toBeTruthy();
  await expectAccessible(page, 'import preview');
  await wizard.getByRole('button', { name: /Confirmar importação \(2 novos, 0 atualizações\)/ }).click();
  await expect(wizard.getByText('clientes.csv: Concluída.')).toBeVisible();
  await expect(wizard.getByText('2 criados, 0 atualizados, 0 ignorados, 1 com erro.')).toBeVisible();
  await wizard.getByRole('button', { name: 'Fechar' }).click();

  const row = page.getByRole('row', { name: /José da Conceição/ });
  await expect(row).toContainText('(11) 98765-4321');
  await expect(page.getByRole('row', { name: /Joana Araújo/ })).toContainText('(21) 98765-4321');
  const jose = (await contactsOf(page.request)).find((contact) => contact.cpf === '52998224725')!;
  expect(jose).toMatchObject({ name: 'José da Conceição', address: { city: 'São Paulo' }, birthDate: '2024-04-03' });

  // The same CPF written the other way, with a new e-mail: one contact updated, none created.
  await page.getByRole('button', { name: 'Importar' }).click();
  const again = await uploadInWizard(
    page,
    'Importar contatos',
    'atualizacao.csv',
    windows1252(['Nome;CPF;E-mail', 'José da Conceição;52998224725;jose.novo@exemplo.com']),
  );
  await again.getByRole('button', { name: 'Pré-visualizar' }).click();
  await expect(again.getByText('Atualizar: 1')).toBeVisible();
  await expect(again.getByText(/Atualiza José da Conceição \(pelo CPF\/CNPJ\): e-mail/)).toBeVisible();
  await again.getByRole('button', { name: /Confirmar importação \(0 novos, 1 atualização\)/ }).click();
  await expect(again.getByText('0 criados, 1 atualizado, 0 ignorados, 0 com erro.')).toBeVisible();
  await again.getByRole('button', { name: 'Fechar' }).click();
  const contacts = await contactsOf(page.request);
  expect(contacts.filter((contact) => contact.cpf === '52998224725')).toEqual([
    expect.objectContaining({ id: jose.id, email: 'jose.novo@exemplo.com' }),
  ]);

  // Undo the first import from the history: both contacts go (José's update came from the second import, which stays listed).
  await page.getByRole('button', { name: 'Importar' }).click();
  const history = page.getByRole('dialog', { name: 'Importar contatos' });
  await history
    .getByRole('row', { name: /atualizacao\.csv/ })
    .getByRole('button', { name: 'Abrir' })
    .click();
  await history.getByRole('button', { name: 'Desfazer importação' }).click();
  await expect(history.getByText('Importação desfeita: tudo voltou a ser como era.')).toBeVisible();
  await history.getByRole('button', { name: 'Fechar' }).click();
  await page.getByRole('button', { name: 'Importar' }).click();
  await history
    .getByRole('row', { name: /clientes\.csv/ })
    .getByRole('button', { name: 'Abrir' })
    .click();
  await history.getByRole('button', { name: 'Desfazer importação' }).click();
  await expect(history.getByText('Importação desfeita: tudo voltou a ser como era.')).toBeVisible();
  await history.getByRole('button', { name: 'Fechar' }).click();
  await expect(page.getByText('Nenhum contato cadastrado ainda.')).toBeVisible();
  expect(await contactsOf(page.request)).toEqual([]);
});

test('policies from a spreadsheet: an unknown insurer mapped in the preview, clients created, the policies listed', async ({ page }) => {
  await signUpOnboarded(page, 'import-policies');
  await page.goto('/policies');
  await page.getByRole('button', { name: 'Importar' }).click();
  const wizard = await uploadInWizard(
    page,
    'Importar apólices',
    'apolices.csv',
    windows1252([
      'Apólice;Seguradora;CPF/CNPJ;Segurado;Ramo;Fim de Vigência;Prêmio Total;% Comissão',
      'AP-9001;PORTO SEGURO CIA DE SEGUROS GERAIS S.A.;529.982.247-25;José da Conceição;Automóvel;03/04/2031;R$ 1.073,80;12,5',
      'AP-9002;Seguradora Regional Ltda;;Márcia Lima;Residencial;10/10/2031;850,00;10',
    ]),
  );
  await wizard.getByRole('button', { name: 'Pré-visualizar' }).click();
  await expect(wizard.getByText('Criar: 1')).toBeVisible();
  await expect(wizard.getByText('Seguradoras que não estão no seu cadastro.')).toBeVisible();
  await wizard.getByRole('combobox', { name: /Seguradora Regional Ltda/ }).selectOption({ label: 'Bradesco Seguros' });
  await wizard.getByRole('button', { name: 'Aplicar e pré-visualizar' }).click();
  await expect(wizard.getByText('Criar: 2')).toBeVisible();
  await wizard.getByRole('button', { name: /Confirmar importação \(2 novos/ }).click();
  await expect(wizard.getByText('apolices.csv: Concluída.')).toBeVisible();
  await wizard.getByRole('button', { name: 'Fechar' }).click();
  await expect(page.getByRole('row', { name: /José da Conceição/ })).toContainText('R$ 1.073,80');
  await expect(page.getByRole('row', { name: /Márcia Lima/ })).toContainText('R$ 850,00');
  const contacts = await contactsOf(page.request);
  expect(contacts.map((contact) => [contact.name, contact.type]).sort()).toEqual([
    ['José da Conceição', 'individual'],
    ['Márcia Lima', 'individual'],
  ]);
});

test('Possíveis duplicados: the same phone twice, merged side by side; the claim moves to the survivor', async ({ page }) => {
  await signUpOnboarded(page, 'merge');
  const first = await page.request.post('/api/contacts', { data: { name: 'Rafael Nunes', phone: '11912345678', type: 'individual' } });
  const second = await page.request.post('/api/contacts', {
    data: { name: 'Rafael N.', phone: '(11) 91234-5678', email: 'rafael@exemplo.com', type: 'individual' },
  });
  const [keep, other] = [(await first.json()) as { id: number }, (await second.json()) as { id: number }];
  const claim = await page.request.post('/api/claims', { data: { contactId: other.id, type: 'colisao', amount: '100.00' } });
  expect(claim.status()).toBe(201);

  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Possíveis duplicados' }).click();
  const dialog = page.getByRole('dialog', { name: 'Possíveis duplicados' });
  await expect(dialog.getByText('Mesmo telefone: (11) 91234-5678')).toBeVisible();
  await expectAccessible(page, 'duplicates');
  await dialog.getByRole('button', { name: 'Mesclar em Rafael Nunes' }).click();
  await dialog.getByRole('combobox', { name: 'E-mail' }).selectOption({ label: 'rafael@exemplo.com' });
  await dialog.getByRole('button', { name: 'Mesclar', exact: true }).click();
  await expect(toast(page, 'Contatos mesclados')).toBeVisible();
  await expect(dialog.getByText('Nenhum possível duplicado')).toBeVisible();
  await dialog.getByRole('button', { name: 'Fechar' }).click();

  const contacts = await contactsOf(page.request);
  expect(contacts).toEqual([expect.objectContaining({ id: keep.id, name: 'Rafael Nunes', email: 'rafael@exemplo.com' })]);
  const claims = (await (await page.request.get('/api/claims')).json()) as { items: { contactId: number }[] };
  expect(claims.items.map((entry) => entry.contactId)).toEqual([keep.id]);
});

test('a workbook of a few KB that expands past the bound is refused in the wizard with its pt-BR reason, on a phone too (#33)', async ({
  page,
}) => {
  await signUpOnboarded(page, 'import-bomb');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Importar' }).click();
  // 20,000 cells pointing at one 5,000-character shared string.
  const long = 'x'.repeat(5_000);
  const bomb = xlsxWorkbook({ Plan1: [['Nome', 'Observações'], ...Array.from({ length: 10_000 }, () => [long, long])] });
  const wizard = page.getByRole('dialog', { name: 'Importar contatos' });
  await wizard.getByLabel('Planilha').setInputFiles({
    name: 'carteira.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: bomb,
  });
  await wizard.getByRole('button', { name: 'Enviar planilha' }).click();
  await expect(
    wizard.getByText('A planilha tem mais de 32 milhões de caracteres de dados: divida o arquivo e importe em partes.'),
  ).toBeVisible();
  // Nothing was kept: no import in the history, and the wizard still takes another file.
  expect(await (await page.request.get('/api/imports')).json()).toEqual([]);
  await expect(wizard.getByRole('button', { name: 'Enviar planilha' })).toBeEnabled();
  // The wizard's message fits the phone's width (the Contatos page behind it is #35's).
  const box = await wizard.getByText(/32 milhões de caracteres/).boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('import-bomb-390.png') });
});
