import { expect, test, type Page } from '@playwright/test';
import { registerViaApi, toast, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/axe';
import { onboardViaApi } from './support/broker';
import { finalizedViaApi, importPolicies } from './support/book';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0bd6b0000000049454e44ae426082',
  'hex',
);

async function signUpOnboarded(page: Page, prefix: string) {
  await registerViaApi(page.request, 'Paula Reis', uniqueEmail(prefix));
  await onboardViaApi(page.request);
}

test('finalized card → attach the PDF → Confirmar emissão → badge; the policy is in Apólices and Comissões, and on the dashboard', async ({
  page,
}) => {
  // Seven screens, each checked by axe: on a busy 2-core CI machine it once ran past the default 60 s (a hang guard, not a speed bound).
  test.setTimeout(120_000);
  await signUpOnboarded(page, 'issue');
  await finalizedViaApi(page.request, 'Helena Duarte');
  await page.goto('/pipeline');
  await page.getByRole('button', { name: 'Helena Duarte', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Venda finalizada')).toBeVisible();
  // The PDF goes up with its progress on its own line; an image named .pdf is refused with the server's reason.
  const attached = dialog.getByRole('list', { name: 'Apólice anexada' });
  await dialog.getByLabel('Anexar apólice (PDF)').setInputFiles({ name: 'foto.pdf', mimeType: 'application/pdf', buffer: PNG });
  await expect(attached.getByRole('listitem', { name: 'foto.pdf' })).toContainText('Recusado: A apólice deve ser um arquivo PDF.');
  await dialog.getByLabel('Anexar apólice (PDF)').setInputFiles({ name: 'apolice-helena.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(attached.getByRole('listitem', { name: 'apolice-helena.pdf' })).toContainText('Enviado');
  // The insurer's number is not in yet: a provisional one would be refused, blank is fine.
  await dialog.getByLabel('Nº da apólice na seguradora').fill('PROV-2026-000001');
  await dialog.getByRole('button', { name: 'Confirmar emissão' }).click();
  await expect(dialog.getByText(/provisórios do sistema/)).toBeVisible();
  await dialog.getByLabel('Nº da apólice na seguradora').fill('');
  await dialog.getByRole('button', { name: 'Confirmar emissão' }).click();
  await expect(
    toast(page, 'A apólice foi emitida e movida para a seção de Seguros. Ela aguarda o nº da seguradora (informe em Apólices).'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Finalizado' }).getByText('Apólice emitida')).toBeVisible();
  // The card is worth the sale's total premium, and its column adds it up (it said R$ 0,00 before #34).
  await expect(page.getByTestId('totais-closed')).toHaveText('1 card · R$ 1.073,80');

  await page.getByRole('link', { name: 'Apólices', exact: true }).click();
  const row = page.getByRole('row', { name: /Helena Duarte/ });
  await expect(row).toContainText('Auto');
  await expect(row).toContainText('R$ 1.073,80');
  await expect(row).toContainText('Ativa');
  await expect(row).toContainText('Aguardando nº da seguradora');
  await page.getByLabel('Nº da seguradora').selectOption({ label: 'Aguardando nº da seguradora' });
  await expect(page).toHaveURL(/numero=aguardando/);
  await expect(page.getByRole('row', { name: /Helena Duarte/ })).toBeVisible();
  await expectAccessible(page, 'policies');

  // The number arrives from the insurer: typed in Apólices, the filter no longer lists it.
  await page.getByRole('button', { name: 'Informar nº da apólice de Helena Duarte (aguardando nº)' }).click();
  const numbers = page.getByRole('dialog', { name: 'Informar nº da apólice' });
  await numbers.getByRole('button', { name: 'Salvar' }).click();
  await expect(numbers.getByText('Informe o número da apólice')).toBeVisible();
  await numbers.getByLabel('Nº da apólice na seguradora').fill('0531.2026.000123');
  await numbers.getByLabel('Nº da proposta').fill('PRP-77');
  await expectAccessible(page, 'policy-numbers');
  await numbers.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Apólice 0531.2026.000123 de Helena Duarte.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Helena Duarte/ })).toHaveCount(0);
  await page.getByLabel('Nº da seguradora').selectOption({ label: 'Todas as apólices' });
  await expect(page.getByRole('row', { name: /Helena Duarte/ })).toContainText('0531.2026.000123');
  // The policy's own Histórico de alterações (#38): who typed the number, from what to what.
  await page.getByRole('button', { name: 'Histórico de alterações da apólice 0531.2026.000123' }).click();
  const history = page.getByRole('dialog', { name: 'Histórico da apólice 0531.2026.000123' });
  await expect(history.getByText(/^Nº da apólice: PROV-.* → 0531\.2026\.000123$/)).toBeVisible();
  await expect(history.getByText('Nº da proposta: — → PRP-77')).toBeVisible();
  await expect(history.getByText('Aguardando nº da seguradora: sim → não')).toBeVisible();
  await expectAccessible(page, 'policy-history');
  await history.getByRole('button', { name: 'Fechar' }).click();

  // Its parcelas: à vista, commission on the net premium; then 3 parcelas from 31/01, split to the cent.
  await page.getByRole('button', { name: 'Parcelas da apólice 0531.2026.000123' }).click();
  const plan = page.getByRole('dialog', { name: 'Parcelas da apólice 0531.2026.000123' });
  await expect(plan.getByRole('row', { name: /1\/1/ })).toContainText('R$ 1.073,80');
  await expect(plan.getByRole('row', { name: /1\/1/ })).toContainText('R$ 125,00');
  await plan.getByRole('combobox', { name: 'Parcelas' }).selectOption({ label: '3x' });
  await plan.getByLabel('1º vencimento').fill('');
  await plan.getByLabel('1º vencimento').pressSequentially('31012027');
  await plan.getByRole('button', { name: 'Salvar plano' }).click();
  await expect(toast(page, 'Plano de pagamento salvo')).toBeVisible();
  await page.getByRole('button', { name: 'Parcelas da apólice 0531.2026.000123' }).click();
  await expect(plan.getByRole('row', { name: /1\/3/ })).toContainText('31/01/2027');
  await expect(plan.getByRole('row', { name: /1\/3/ })).toContainText('R$ 357,94');
  await expect(plan.getByRole('row', { name: /3\/3/ })).toContainText('31/03/2027');
  await expect(plan.getByRole('row', { name: /3\/3/ })).toContainText('R$ 41,66');
  await expectAccessible(page, 'instalments');
  await plan.getByRole('button', { name: 'Cancelar' }).click();

  await page.getByRole('link', { name: 'Comissões', exact: true }).click();
  // On the prêmio líquido: 1.000,00 × 12,5% = R$ 125,00 a year (not 134,23 on the 1.073,80 with IOF); / 12 → R$ 10,42 a month.
  await expect(page.getByText('R$ 125,00').first()).toBeVisible();
  await expect(page.getByText('R$ 10,42')).toBeVisible();
  await page.getByRole('tab', { name: 'Apólices' }).click();
  await expect(page.getByRole('row', { name: /Helena Duarte/ })).toContainText('R$ 125,00');
  await expectAccessible(page, 'commissions');

  await page.getByRole('link', { name: 'Documentos', exact: true }).click();
  await expect(page.getByRole('row', { name: /apolice-helena\.pdf/ })).toContainText('Apólices');
  // Attached from the card, the PDF belongs to the policy: Apólices opens the policy's documents.
  await expect(page.getByRole('row', { name: /apolice-helena\.pdf/ })).toContainText('Apólice 0531.2026.000123');
  await page.getByRole('link', { name: 'Apólices', exact: true }).click();
  await page.getByRole('button', { name: 'Documentos da apólice 0531.2026.000123' }).click();
  await expect(page).toHaveURL(/\/documents\?apolice=\d+/);
  await expect(page.getByText('Documentos da apólice 0531.2026.000123.')).toBeVisible();
  await expect(page.getByRole('row', { name: /apolice-helena\.pdf/ })).toBeVisible();
  await expectAccessible(page, 'documents of a policy');

  await page.getByRole('link', { name: 'Painel', exact: true }).click();
  await expect(page.locator('.fui-Card').filter({ hasText: 'Apólices Ativas' })).toContainText('1');
  await expect(page.getByText('R$ 10,42')).toBeVisible();
  await expect(page.getByText('Nº da apólice informado: 0531.2026.000123')).toBeVisible();

  // Cancel it from Apólices: it leaves the active figures.
  await page.getByRole('link', { name: 'Apólices', exact: true }).click();
  await page.getByRole('button', { name: 'Cancelar apólice 0531.2026.000123' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancelar apólice' }).click();
  await expect(toast(page, 'Apólice cancelada')).toBeVisible();
  await expect(page.getByRole('row', { name: /Helena Duarte/ })).toContainText('Cancelada');
});

test('Processar Sinistro opens the new claim; status along the table; the active count follows', async ({ page }) => {
  await signUpOnboarded(page, 'claims');
  const contact = await page.request.post('/api/contacts', { data: { name: 'Rafael Nunes', phone: '11912345678', type: 'individual' } });
  expect(contact.status()).toBe(201);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Processar Sinistro' }).click();
  await expect(page).toHaveURL(/\/claims/);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Novo sinistro')).toBeVisible();
  await dialog.getByRole('button', { name: 'Registrar Sinistro' }).click();
  await expect(dialog.getByText('Cliente é obrigatório')).toBeVisible();
  await expect(dialog.getByText('Tipo de sinistro é obrigatório')).toBeVisible();
  await expectAccessible(page, 'claim dialog');
  await dialog.getByRole('combobox', { name: /^Cliente/ }).selectOption({ label: 'Rafael Nunes' });
  await dialog.getByRole('combobox', { name: /^Tipo de sinistro/ }).selectOption({ label: 'Colisão' });
  await dialog.getByLabel('Valor').pressSequentially('250000');
  // The day it happened cannot be after today; the insurer's own number is kept beside ours.
  await dialog.getByLabel('Data da ocorrência').pressSequentially('01012099');
  await dialog.getByRole('button', { name: 'Registrar Sinistro' }).click();
  await expect(dialog.getByText('A data do sinistro não pode ser futura')).toBeVisible();
  await dialog.getByLabel('Data da ocorrência').fill('');
  await dialog.getByLabel('Data da ocorrência').pressSequentially('15102026');
  await dialog.getByLabel('Nº do sinistro na seguradora').fill('4411-2026');
  await dialog.getByRole('button', { name: 'Registrar Sinistro' }).click();
  await expect(toast(page, 'Sinistro registrado')).toBeVisible();
  const row = page.getByRole('row', { name: /Rafael Nunes/ });
  await expect(row).toContainText('R$ 2.500,00');
  await expect(row).toContainText('Aberto');
  await expect(row).toContainText('15/10/2026');
  await expect(row).toContainText('seguradora 4411-2026');
  // No raw ids: the client by name only.
  await expect(row).not.toContainText('#');
  await expect(page.getByText('1 sinistro ativo')).toBeVisible();
  await row.getByRole('button', { name: /Mudar status/ }).click();
  await page.getByRole('menuitem', { name: 'Fechado' }).click();
  await expect(row).toContainText('Fechado');
  await expect(page.getByText('0 sinistros ativos')).toBeVisible();
  await expect(row.getByRole('button', { name: /Mudar status/ })).toHaveCount(0);
  await expectAccessible(page, 'claims');
});

test('documents: upload by chooser and by drop, a renamed image refused, counts and storage, download, delete', async ({ page }) => {
  await signUpOnboarded(page, 'documents');
  await page.goto('/documents');
  await page.getByLabel('Categoria').selectOption({ label: 'Contratos' });
  // Each file its own line: its progress, and how it ended (sent, or refused with the reason).
  const sentNow = page.getByRole('list', { name: 'Documentos enviados agora' });
  await page.getByLabel('Escolher arquivos').setInputFiles({ name: 'contrato.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(sentNow.getByRole('listitem', { name: 'contrato.pdf' })).toContainText('Enviado');
  await page.getByLabel('Escolher arquivos').setInputFiles({ name: 'foto.pdf', mimeType: 'application/pdf', buffer: PNG });
  await expect(sentNow.getByRole('listitem', { name: 'foto.pdf' })).toContainText(
    'Recusado: Tipo de arquivo não permitido. Envie PDF, DOC, DOCX, XLS ou XLSX.',
  );

  // A drop carries the file the same way.
  const transfer = await page.evaluateHandle(
    (bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], 'formulario.pdf', { type: 'application/pdf' }));
      return data;
    },
    [...PDF],
  );
  await page.getByLabel('Categoria').selectOption({ label: 'Formulários' });
  await page.getByTestId('area-de-envio').dispatchEvent('drop', { dataTransfer: transfer });
  await expect(page.getByRole('row', { name: /formulario\.pdf/ })).toContainText('Formulários');
  await expect(page.getByRole('row', { name: /contrato\.pdf/ })).toContainText('Contratos');
  await expect(page.getByText(`${PDF.length * 2} B de 10 GB usados`)).toBeVisible();
  await expectAccessible(page, 'documents');

  // Three at once, one too large: two sent, each with its own progress bar, one refused with its reason.
  await page.getByRole('button', { name: 'Limpar lista de envios' }).click();
  await expect(sentNow).toHaveCount(0);
  await page.getByLabel('Escolher arquivos').setInputFiles([
    { name: 'proposta-a.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'grande.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x25) },
    { name: 'proposta-b.pdf', mimeType: 'application/pdf', buffer: PDF },
  ]);
  for (const name of ['proposta-a.pdf', 'proposta-b.pdf']) {
    const line = sentNow.getByRole('listitem', { name });
    await expect(line).toContainText('Enviado');
    await expect(line.getByRole('progressbar')).toHaveCount(1);
    await expect(page.getByRole('row', { name: new RegExp(name.replace('.', '\\.')) })).toBeVisible();
  }
  await expect(sentNow.getByRole('listitem', { name: 'grande.pdf' })).toContainText('Recusado: o documento deve ter no máximo 10 MB.');
  await expect(page.getByRole('row', { name: /grande\.pdf/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Excluir proposta-a.pdf' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByRole('row', { name: /proposta-a\.pdf/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Excluir proposta-b.pdf' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByRole('row', { name: /proposta-b\.pdf/ })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Baixar contrato.pdf' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('contrato.pdf');

  await page.getByRole('button', { name: 'Excluir contrato.pdf' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(toast(page, 'Documento excluído com sucesso')).toBeVisible();
  await expect(page.getByRole('row', { name: /contrato\.pdf/ })).toHaveCount(0);
});

test('Atividade Recente lists what happened; Limpar Dados empties the account, which then works on the default catalogues', async ({
  page,
}) => {
  await signUpOnboarded(page, 'clear');
  await page.goto('/');
  const activity = page.getByRole('region', { name: 'Atividade Recente' });
  await expect(activity.getByText('Nenhuma atividade recente para exibir')).toBeVisible();

  // A sale issued and a document, through the API; then the board is visited so its caches exist.
  const card = await finalizedViaApi(page.request, 'Otávio Prado');
  expect((await page.request.post(`/api/pipeline-cards/${card.id}/confirm-issuance`, { data: {} })).status()).toBe(200);
  expect(
    (
      await page.request.post('/api/documents/upload', {
        multipart: { category: 'contracts', file: { name: 'contrato-otavio.pdf', mimeType: 'application/pdf', buffer: PDF } },
      })
    ).status(),
  ).toBe(201);
  await page.goto('/pipeline');
  await expect(page.getByRole('region', { name: 'Finalizado' }).getByText('Otávio Prado')).toBeVisible();

  await page.getByRole('navigation').getByRole('link', { name: 'Painel' }).click();
  const events = activity.getByRole('listitem');
  await expect(events).toHaveText([
    /Documento enviado: contrato-otavio\.pdf \(Contratos\)\s*agora mesmo/,
    /Apólice PROV-\d{4}-\d{6} emitida para Otávio Prado\s*agora mesmo/,
    /Card de Otávio Prado movido para Finalizado\s*agora mesmo/,
    /Novo lead: Otávio Prado em Contato\s*agora mesmo/,
  ]);
  await expect(page.locator('.fui-Card').filter({ hasText: 'Apólices Ativas' })).toContainText('1');
  await expectAccessible(page, 'dashboard with activity');

  // Cancel first: nothing is cleared.
  await page.getByRole('button', { name: 'Menu da conta' }).click();
  await page.getByRole('menuitem', { name: 'Limpar Dados' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Tem certeza que deseja limpar todos os dados? Esta ação não pode ser desfeita.');
  await expectAccessible(page, 'clear data confirmation');
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(events).toHaveCount(4);

  await page.getByRole('button', { name: 'Menu da conta' }).click();
  await page.getByRole('menuitem', { name: 'Limpar Dados' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Limpar Dados' }).click();
  await expect(toast(page, 'Todos os dados foram removidos com sucesso.')).toBeVisible();
  await expect(activity.getByText('Nenhuma atividade recente para exibir')).toBeVisible();
  await expect(page.getByText('Parabéns! Sua corretora está configurada.')).toBeVisible();
  await expect(page.locator('.fui-Card').filter({ hasText: 'Apólices Ativas' })).toContainText('0');

  // Onboarding stays complete; the board is empty and takes a new lead on the default catalogues.
  await page.getByRole('navigation').getByRole('link', { name: 'Pipeline' }).click();
  await expect(page.getByText('Nenhum card')).toHaveCount(4);
  await expect(page.getByText('Otávio Prado')).toHaveCount(0);
  await page.getByRole('button', { name: 'Adicionar lead em Contato' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nome').fill('Nova Cliente');
  await dialog.getByLabel('Telefone').pressSequentially('11912345678');
  await dialog.getByLabel('Tipo de seguro').selectOption({ label: 'Seguro Auto' });
  await dialog.getByLabel('Origem do lead').selectOption({ label: 'Indicação' });
  await dialog.getByRole('button', { name: 'Criar Lead' }).click();
  await expect(toast(page, 'Lead criado')).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Documentos' }).click();
  await expect(page.getByRole('row', { name: /contrato-otavio\.pdf/ })).toHaveCount(0);
});

test('a book larger than a page: Apólices and Comissões › Apólices go a page at a time on a phone, the count of all of them above (#63)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpOnboarded(page, 'pages');
  // 60 policies from a sheet, renewing one a day from two months ahead: 50 on the first page, 10 on the second.
  const day = (offset: number) => {
    const date = new Date(Date.now() + (60 + offset) * 86_400_000);
    return `${String(date.getUTCDate()).padStart(2, '0')}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${date.getUTCFullYear()}`;
  };
  await importPolicies(page.request, [
    'Apólice;Seguradora;Segurado;CPF do segurado;Ramo;Início;Fim;Prêmio Líquido;Prêmio Total;% Comissão',
    ...Array.from(
      { length: 60 },
      (_, index) =>
        `PG-${String(index + 1).padStart(2, '0')};Porto Seguro;Cliente ${index + 1};;Auto;01/01/2026;${day(index)};1.000,00;1.073,80;10`,
    ),
  ]);

  await page.goto('/policies');
  await expect(page.getByRole('status').filter({ hasText: 'apólices' })).toHaveText('60 apólices');
  const pager = page.getByRole('navigation', { name: 'Paginação' });
  await expect(pager.getByText('Página 1 de 2')).toBeVisible();
  await expect(page.getByRole('row', { name: /PG-/ })).toHaveCount(50);
  await pager.getByRole('button', { name: 'Próxima' }).click();
  await expect(page).toHaveURL(/pagina=2/);
  await expect(pager.getByText('Página 2 de 2')).toBeVisible();
  await expect(page.getByRole('row', { name: /PG-/ })).toHaveCount(10);
  await expectAccessible(page, 'policies, page 2');
  // A filter starts again at the first page.
  await page.getByLabel('Ramo').selectOption('auto');
  await expect(page).not.toHaveURL(/pagina=/);
  await expect(pager.getByText('Página 1 de 2')).toBeVisible();

  await page.goto('/commissions?aba=apolices');
  // The summary counts every policy, the tab shows them 50 at a time in renewal order.
  await expect(page.locator('.fui-Card').filter({ hasText: 'Apólices Ativas' })).toContainText('60');
  await expect(page.getByRole('status').filter({ hasText: 'apólices' })).toHaveText('60 apólices');
  await expect(page.getByRole('row', { name: /PG-01/ })).toContainText('R$ 100,00');
  await pager.getByRole('button', { name: 'Próxima' }).click();
  await expect(page.getByRole('row', { name: /PG-60/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /PG-01/ })).toHaveCount(0);
  await expectAccessible(page, 'commissions, page 2');
});
