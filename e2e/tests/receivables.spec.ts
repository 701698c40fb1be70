import { expect, test, type APIRequestContext } from '@playwright/test';
import { registerViaApi, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/axe';
import { onboardViaApi } from './support/broker';

const thisMonthName = () => new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'America/Sao_Paulo' }).format(new Date());

const windows1252 = (lines: string[]) => Buffer.from(lines.join('\r\n') + '\r\n', 'latin1');
const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
const brDate = (iso: string) => iso.split('-').reverse().join('/');

/** Two Porto policies due today (R$ 125,00 of commission each), brought in by the policies import. */
async function portoBook(request: APIRequestContext) {
  const start = today();
  const [year, month, day] = start.split('-');
  const end = `${day}/${month}/${Number(year) + 1}`;
  const created = await request.post('/api/imports', {
    multipart: {
      kind: 'policies',
      file: {
        name: 'apolices.csv',
        mimeType: 'text/csv',
        buffer: windows1252([
          'Apólice;Seguradora;CPF;Segurado;Ramo;Início;Fim;Prêmio Líquido;Prêmio Total;% Comissão',
          `PS-0001;Porto Seguro;529.982.247-25;José da Conceição;Auto;${brDate(start)};${end};1.000,00;1.073,80;12,5`,
          `PS-0002;Porto Seguro;;Joana Araújo;Auto;${brDate(start)};${end};1.000,00;1.073,80;12,5`,
        ]),
      },
    },
  });
  expect(created.status()).toBe(201);
  const { id, mapping } = (await created.json()) as { id: number; mapping: Record<string, string> };
  expect((await request.put(`/api/imports/${id}/mapping`, { data: { mapping } })).status()).toBe(200);
  expect((await request.post(`/api/imports/${id}/commit`)).status()).toBe(202);
  await expect.poll(async () => ((await (await request.get(`/api/imports/${id}`)).json()) as { status: string }).status).toBe('done');
}

test('an insurer statement through the wizard: matched, reconciled to the centavo, a line matched by hand, undone', async ({ page }) => {
  await registerViaApi(page.request, 'Paula Reis', uniqueEmail('receivables'));
  await onboardViaApi(page.request);
  await portoBook(page.request);

  await page.goto('/commissions?aba=recebiveis');
  const panel = page.getByRole('tabpanel', { name: 'Recebíveis' });
  await expect(panel.getByText('Previsto', { exact: true }).first()).toBeVisible();
  await expect(panel.getByRole('img', { name: /Comissão prevista e recebida nos últimos 12 meses/ })).toBeVisible();
  await panel.getByRole('combobox', { name: 'Seguradora' }).selectOption({ label: 'Porto Seguro' });
  await panel.getByRole('button', { name: 'Importar extrato' }).click();

  const wizard = page.getByRole('dialog', { name: 'Importar extrato: Porto Seguro' });
  await wizard.getByLabel('Planilha').setInputFiles({
    name: 'extrato-porto.csv',
    mimeType: 'text/csv',
    buffer: windows1252([
      'Nº Apólice;Parcela;Comissão Bruta;ISS;IRRF;Valor Líquido;Data Pagamento;Tipo',
      `PS-0001;1;124,97;2,50;1,87;120,60;${brDate(today())};Comissão`,
      `OUTRA-99;1;125,00;2,50;1,88;120,62;${brDate(today())};Comissão`,
    ]),
  });
  await wizard.getByRole('button', { name: 'Enviar planilha' }).click();
  await expect(wizard.getByRole('combobox', { name: 'Comissão bruta' })).toHaveValue('Comissão Bruta');
  await wizard.getByRole('button', { name: 'Pré-visualizar' }).click();
  await expect(wizard.getByRole('row', { name: /^2 Criar Apólice PS-0001, parcela 1 .*Conciliado/ })).toBeVisible();
  await expect(wizard.getByRole('row', { name: /^3 Criar Não identificada/ })).toBeVisible();
  await expectAccessible(page, 'statement preview');
  await wizard.getByRole('button', { name: 'Confirmar extrato (2 linhas a registrar)' }).click();
  await expect(wizard.getByText('extrato-porto.csv: Concluída.')).toBeVisible();
  await wizard.getByRole('button', { name: 'Fechar' }).click();

  // R$ 124,97 against R$ 125,00: within the R$ 0,05 tolerance.
  await expect(panel.getByText('R$ 250,00', { exact: true }).first()).toBeVisible();
  await expect(panel.getByText('R$ 124,97', { exact: true }).first()).toBeVisible();
  await panel.getByRole('button', { name: 'Ver parcelas' }).click();
  await expect(panel.getByRole('row', { name: /PS-0001 José da Conceição 1 .* Conciliado/ })).toBeVisible();
  await expect(panel.getByRole('row', { name: /PS-0002 Joana Araújo 1 .* A receber/ })).toBeVisible();

  // The line nothing matched, paid to PS-0002 by hand.
  await panel
    .getByRole('row', { name: /OUTRA-99/ })
    .getByRole('button', { name: 'Conciliar' })
    .click();
  const match = page.getByRole('dialog', { name: 'Conciliar linha do extrato' });
  await match.getByRole('combobox', { name: 'Apólice' }).selectOption({ label: 'PS-0002 · Joana Araújo' });
  await match.getByRole('textbox', { name: 'Observação' }).fill('Número errado no extrato da Porto');
  await expectAccessible(page, 'manual match');
  await match.getByRole('button', { name: 'Conciliar' }).click();
  await expect(panel.getByRole('row', { name: /PS-0002 Joana Araújo 1 .* Conciliado/ })).toBeVisible();
  await expect(panel.getByText('Nenhuma linha de extrato sem parcela neste mês.')).toBeVisible();
  await expect(panel.getByText('R$ 249,97', { exact: true }).first()).toBeVisible();

  const csv = page.waitForEvent('download');
  await panel.getByRole('link', { name: 'Baixar CSV' }).click();
  expect((await csv).suggestedFilename()).toBe(`recebiveis-${today().slice(0, 7)}.csv`);

  // The month by its name; last month had nothing due, and the next click is back on this one.
  const month = panel.getByRole('combobox', { name: 'Mês' });
  await expect(month.locator('option:checked')).toHaveText(new RegExp(`^${thisMonthName()} de \\d{4}$`));
  await panel.getByRole('button', { name: 'Mês anterior' }).click();
  await expect(panel.getByText('Nenhuma parcela vence neste mês.')).toBeVisible();
  await panel.getByRole('button', { name: 'Próximo mês' }).click();
  await expect(panel.getByRole('row', { name: /PS-0002 Joana Araújo 1 .* Conciliado/ })).toBeVisible();

  // The dashboard's cards, then undo from the wizard's history.
  await page.goto('/');
  await expect(page.getByText(`Comissão a receber em ${thisMonthName()}`)).toBeVisible();
  await expect(page.getByText('Diferenças em aberto (todos os meses)')).toBeVisible();
  await page.goto('/commissions?aba=recebiveis');
  await panel.getByRole('combobox', { name: 'Seguradora' }).selectOption({ label: 'Porto Seguro' });
  await panel.getByRole('button', { name: 'Importar extrato' }).click();
  await wizard.getByRole('button', { name: 'Abrir' }).click();
  await wizard.getByRole('button', { name: 'Desfazer importação' }).click();
  await expect(wizard.getByText('Importação desfeita: tudo voltou a ser como era.')).toBeVisible();
  await wizard.getByRole('button', { name: 'Fechar' }).click();
  await expect(panel.getByText('R$ 0,00', { exact: true }).first()).toBeVisible();
});

test('an insurer’s chargeback scale edited in Configurações; a bad scale is refused inline', async ({ page }) => {
  await registerViaApi(page.request, 'Paula Reis', uniqueEmail('chargeback'));
  await onboardViaApi(page.request);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Seguradoras' }).click();
  const porto = page.getByRole('listitem').filter({ hasText: 'Porto Seguro' });
  await porto.getByRole('button', { name: 'Escala de estorno' }).click();
  const dialog = page.getByRole('dialog', { name: 'Escala de estorno: Porto Seguro' });
  await expect(dialog.getByRole('textbox', { name: 'Até o mês' }).nth(1)).toHaveValue('12');
  await expect(dialog.getByRole('textbox', { name: '% da comissão' }).nth(1)).toHaveValue('75');
  await expectAccessible(page, 'chargeback scale');
  await dialog.getByRole('textbox', { name: 'Até o mês' }).nth(1).fill('3');
  await dialog.getByRole('button', { name: 'Salvar escala' }).click();
  await expect(dialog.getByText('Os meses das faixas devem ser crescentes.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Até o mês' }).nth(1).fill('12');
  await dialog.getByRole('textbox', { name: '% da comissão' }).nth(1).fill('80,5');
  await dialog.getByRole('button', { name: 'Salvar escala' }).click();
  await expect(dialog).toBeHidden();
  const rules = (await (await page.request.get('/api/reference-data')).json()) as { insurers: { id: number; name: string }[] };
  const id = rules.insurers.find((insurer) => insurer.name === 'Porto Seguro')!.id;
  const saved = (await (await page.request.get(`/api/insurers/${id}/chargeback-rule`)).json()) as { steps: unknown[]; custom: boolean };
  expect(saved.custom).toBe(true);
  expect(saved.steps[1]).toEqual({ untilMonth: 12, percent: 80.5 });
});
