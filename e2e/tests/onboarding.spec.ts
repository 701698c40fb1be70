import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, uniqueEmail, toast } from './support/accounts';
import { BROKERAGE } from './support/broker';

const thisMonthName = () => new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'America/Sao_Paulo' }).format(new Date());

const LOCKED_ITEMS = [
  'Minhas tarefas',
  'Conversas',
  'Pipeline',
  'Contatos',
  'Sinistros',
  'Apólices',
  'Comissões',
  'Documentos',
  'Configurações',
  'Meu Perfil',
];

function navigation(page: Page) {
  return page.getByRole('navigation');
}

async function expectStepToast(page: Page) {
  await expect(toast(page, 'Campos obrigatórios')).toBeVisible();
  await expect(toast(page, 'Por favor, preencha todos os campos obrigatórios corretamente.')).toBeVisible();
}

test('register -> locked navigation -> four-step wizard -> dashboard', async ({ page }) => {
  const email = uniqueEmail('onboarding');

  await page.goto('/');
  await page.getByRole('link', { name: 'Criar Conta Grátis' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel('Nome').fill('Ana Souza');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The page changes at once; the confirmation follows it to the dashboard.
  await expect(toast(page, 'Conta criada com sucesso! Redirecionando para o painel...')).toBeVisible();

  // Until onboarding is complete only Minha Corretora can be used.
  const nav = navigation(page);
  for (const label of LOCKED_ITEMS) {
    await expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-disabled', 'true');
  }
  await expect(nav.getByRole('link', { name: 'Minha Corretora' })).not.toHaveAttribute('aria-disabled', 'true');
  // A keyboard reaches a locked item, and hears why it is locked.
  const pipeline = nav.getByRole('link', { name: 'Pipeline' });
  await expect(pipeline).toHaveAttribute('tabindex', '0');
  await pipeline.focus();
  await expect(pipeline).toBeFocused();
  await expect(pipeline).toHaveAccessibleDescription('Complete o cadastro da corretora para liberar');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await nav.getByRole('link', { name: 'Pipeline' }).click({ force: true });
  await expect(page).toHaveURL(/\/dashboard$/);
  // An area's address opened directly: its page says which area is locked, and how to open it.
  await page.goto('/pipeline');
  await expect(page.getByRole('heading', { name: 'Pipeline: área bloqueada', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Completar Cadastro da Corretora' }).click();
  await expect(page).toHaveURL(/\/broker$/);
  await expect(page.getByText('Configuração da Corretora')).toBeVisible();
  await expect(page.getByText('Passo 1 de 4')).toBeVisible();

  // Step 1: an invalid CPF keeps the broker on the step with the toast and the field message.
  await page.getByLabel('Nome').fill(BROKERAGE.name);
  await page.getByLabel('E-mail').fill(BROKERAGE.email);
  await page.getByLabel('Celular').pressSequentially('11987654321');
  await expect(page.getByLabel('Celular')).toHaveValue('(11) 98765-4321');
  await page.getByLabel('CPF').pressSequentially('11111111111');
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expectStepToast(page);
  await expect(page.getByText('CPF inválido. Use 11 dígitos ou formato especial com XX')).toBeVisible();
  await expect(page.getByText('Passo 1 de 4')).toBeVisible();

  await page.getByLabel('CPF').fill('');
  await page.getByLabel('CPF').pressSequentially('52998224725');
  await expect(page.getByLabel('CPF')).toHaveValue(BROKERAGE.cpf);
  await page.getByRole('button', { name: 'Próximo' }).click();

  // Step 2
  await expect(page.getByText('Passo 2 de 4')).toBeVisible();
  await page.getByLabel('Razão Social').fill(BROKERAGE.companyName);
  await page.getByLabel('Nome Fantasia').fill(BROKERAGE.tradingName);
  await page.getByLabel('CNPJ').pressSequentially('11222333000181');
  await expect(page.getByLabel('CNPJ')).toHaveValue(BROKERAGE.cnpj);
  // The CEP fills the street, city and state (the server asks the CEP service: a local stub here);
  // an unknown one says so and leaves the form to the broker.
  await page.getByLabel('CEP').pressSequentially('99999999');
  await expect(page.getByText('CEP não encontrado.')).toBeVisible();
  await page.getByLabel('CEP').fill('');
  await page.getByLabel('CEP').pressSequentially('01310100');
  await expect(page.getByLabel('Endereço')).toHaveValue('Avenida Paulista');
  await expect(page.getByLabel('Cidade')).toHaveValue(BROKERAGE.city);
  await expect(page.getByLabel('Estado')).toHaveValue('SP');
  await expect(page.getByText('Endereço preenchido pelo CEP: confira o número.')).toBeVisible();
  await expect(page.getByLabel('Bairro')).toHaveValue('Bela Vista');
  await page.getByLabel('Endereço').fill(BROKERAGE.address);
  await page.getByLabel('Número').fill(BROKERAGE.number);
  await page.getByRole('button', { name: 'Próximo' }).click();
  // Complement is required unless 'Não tem complemento' is on.
  await expectStepToast(page);
  await expect(page.getByText('Complemento é obrigatório (ou marque "Não tem complemento")')).toBeVisible();
  await expect(page.getByText('Passo 2 de 4')).toBeVisible();
  await page.getByLabel('Não tem complemento').check();
  await expect(page.getByRole('textbox', { name: 'Complemento' })).toBeDisabled();
  await page.getByRole('button', { name: 'Próximo' }).click();

  // Step 3
  await expect(page.getByText('Passo 3 de 4')).toBeVisible();
  await page.getByLabel('Número SUSEP').pressSequentially('123456789');
  await page.getByLabel('Vencimento SUSEP').pressSequentially('31122027');
  await expect(page.getByLabel('Vencimento SUSEP')).toHaveValue('31/12/2027');
  await page.getByLabel('Categoria SUSEP').selectOption(BROKERAGE.susepCategory);
  await page.getByRole('button', { name: 'Anterior' }).click();
  await expect(page.getByText('Passo 2 de 4')).toBeVisible();
  await expect(page.getByLabel('Razão Social')).toHaveValue(BROKERAGE.companyName);
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(page.getByText('Passo 3 de 4')).toBeVisible();
  await page.getByRole('button', { name: 'Próximo' }).click();

  // Step 4: at least one insurance type.
  await expect(page.getByText('Passo 4 de 4')).toBeVisible();
  await page.getByLabel('Experiência').selectOption(BROKERAGE.experience);
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page.getByText('Selecione pelo menos um tipo de seguro')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Auto' }).check();
  await page.getByRole('button', { name: 'Finalizar' }).click();

  await expect(toast(page, 'Dados da corretora salvos com sucesso.')).toBeVisible();
  await expect(page).toHaveURL(/\/(dashboard)?$/);
  for (const title of [
    'Apólices Ativas',
    'Sinistros Abertos',
    'Receita Mensal',
    'Novos Leads',
    `Comissão a receber em ${thisMonthName()}`,
    'Diferenças em aberto (todos os meses)',
  ]) {
    await expect(page.getByText(title, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('group').filter({ hasText: 'Receita Mensal' }).getByText('R$ 0,00')).toBeVisible();
  await expect(
    page
      .getByRole('group')
      .filter({ hasText: `Comissão a receber em ${thisMonthName()}` })
      .getByText('R$ 0,00'),
  ).toBeVisible();
  await expect(page.getByRole('group').filter({ hasText: 'Diferenças em aberto (todos os meses)' }).getByText('Nenhuma')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Adicionar Primeiro Lead' })).toBeVisible();
  await expect(page.getByText('Nenhuma atividade recente para exibir')).toBeVisible();
  for (const label of LOCKED_ITEMS) {
    await expect(nav.getByRole('link', { name: label })).not.toHaveAttribute('aria-disabled', 'true');
  }
  await expect(nav.getByText(BROKERAGE.email)).toBeVisible();

  // The read-only view shows the saved data formatted.
  await nav.getByRole('link', { name: 'Minha Corretora' }).click();
  await expect(page.getByText(BROKERAGE.cpf)).toBeVisible();
  await expect(page.getByText(BROKERAGE.cnpj)).toBeVisible();
  await expect(page.getByText('01310-100')).toBeVisible();
  await expect(page.getByText('Av. Paulista, 1000 – Bela Vista')).toBeVisible();
  await expect(page.getByText('12345678-9')).toBeVisible();
  await expect(page.getByText('31/12/2027')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar Dados' })).toBeVisible();

  // Signing out returns to /login and the protected pages show the landing again.
  await page.getByRole('button', { name: 'Menu da conta' }).click();
  await page.getByRole('menuitem', { name: 'Sair da Conta' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/broker');
  await expect(page.getByRole('link', { name: 'Criar Conta Grátis' })).toBeVisible();
});
