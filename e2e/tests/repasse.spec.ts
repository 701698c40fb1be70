import { expect, test, type APIRequestContext } from '@playwright/test';
import { registerViaApi, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/axe';
import { onboardViaApi } from './support/broker';
import { finalizedViaApi } from './support/book';
import { joinViaApi } from './support/outbox';

const windows1252 = (lines: string[]) => Buffer.from(lines.join('\r\n') + '\r\n', 'latin1');
const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
const brDate = (iso: string) => iso.split('-').reverse().join('/');

/** A spreadsheet through an import door (policies or an insurer's statement), committed and waited for. */
async function importSheet(request: APIRequestContext, door: string, fields: Record<string, string>, lines: string[]) {
  const created = await request.post(door, {
    multipart: { ...fields, file: { name: 'planilha.csv', mimeType: 'text/csv', buffer: windows1252(lines) } },
  });
  expect(created.status()).toBe(201);
  const { id, mapping } = (await created.json()) as { id: number; mapping: Record<string, string> };
  expect((await request.put(`${door}/${id}/mapping`, { data: { mapping } })).status()).toBe(200);
  expect((await request.post(`${door}/${id}/commit`)).status()).toBe(202);
  await expect.poll(async () => ((await (await request.get(`${door}/${id}`)).json()) as { status: string }).status).toBe('done');
}

test('repasse: an owner gives a producer a rule and splits a policy 70/30; the reconciled commission writes each share, the producer sees only theirs and the month closes', async ({
  page,
  browser,
}) => {
  await registerViaApi(page.request, 'Olga Dona', uniqueEmail('repasse-owner'));
  await onboardViaApi(page.request);
  const producerContext = await browser.newContext();
  const producer = await producerContext.newPage();
  await joinViaApi(page.request, producer.request, 'producer', 'Pedro Produtor', uniqueEmail('repasse-producer'));
  const start = today();
  const [year, month, day] = start.split('-');
  await importSheet(page.request, '/api/imports', { kind: 'policies' }, [
    'Apólice;Seguradora;CPF;Segurado;Ramo;Início;Fim;Prêmio Líquido;Prêmio Total;% Comissão',
    `RP-0001;Porto Seguro;529.982.247-25;José da Conceição;Auto;${brDate(start)};${day}/${month}/${Number(year) + 1};1.000,00;1.073,80;12,5`,
  ]);

  // Equipe: Pedro's rule, 40 % by default; Olga's own, 50 %.
  await page.goto('/broker');
  const members = page.getByRole('list', { name: 'Membros da equipe' });
  await members.getByRole('button', { name: 'Ações de Pedro Produtor' }).click();
  await page.getByRole('menuitem', { name: 'Regras de repasse' }).click();
  let dialog = page.getByRole('dialog', { name: 'Regras de repasse de Pedro Produtor' });
  await dialog.getByLabel('Percentual padrão (%)').fill('40');
  await dialog.getByRole('button', { name: 'Adicionar regra' }).click();
  await dialog.getByLabel('Percentual (%)').fill('150');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  // Checked before sending: the rule's percent and the rule without insurer or line.
  await expect(dialog.getByText('O percentual deve ser de 0 a 100')).toBeVisible();
  await dialog.getByRole('button', { name: 'Remover regra 1' }).click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();

  // Apólices: RP-0001 split 70 % Pedro, 30 % an angariador without a login at 10 %.
  await page.goto('/policies');
  await page.getByRole('button', { name: /Repasse da apólice RP-0001/ }).click();
  dialog = page.getByRole('dialog', { name: /Repasse da apólice RP-0001/ });
  const first = dialog.getByRole('group', { name: 'Participante 1' });
  await first.getByRole('combobox', { name: 'Quem' }).selectOption({ label: 'Pedro Produtor' });
  await first.getByLabel('Participação (%)').fill('70');
  await dialog.getByRole('button', { name: 'Adicionar participante' }).click();
  const second = dialog.getByRole('group', { name: 'Participante 2' });
  await second.getByRole('combobox', { name: 'Quem' }).selectOption({ label: 'Angariador sem acesso' });
  await second.getByLabel('Nome do angariador').fill('Ana Indicação');
  await second.getByLabel('Participação (%)').fill('20');
  await second.getByLabel('Percentual da comissão (%)').fill('10');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('As participações devem somar 100%')).toBeVisible();
  await second.getByLabel('Participação (%)').fill('30');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  // The policy's history says the split, field by field in pt-BR, by name (#58 item 7).
  await page.getByRole('button', { name: 'Histórico de alterações da apólice RP-0001' }).click();
  const history = page.getByRole('dialog', { name: /Histórico da apólice RP-0001/ });
  await expect(history.getByText('Olga Dona criou participante do repasse').first()).toBeVisible();
  await expect(history.getByText('Participante: Pedro Produtor')).toBeVisible();
  await expect(history.getByText('Parte da comissão (%): 70%')).toBeVisible();
  await expect(history.getByText('Angariador: Ana Indicação')).toBeVisible();
  await history.getByRole('button', { name: 'Fechar' }).first().click();

  // Porto pays R$ 143,75 of commission on RP-0001.
  const porto = (
    (await (await page.request.get('/api/reference-data')).json()) as { insurers: { id: number; name: string }[] }
  ).insurers.find((insurer) => insurer.name === 'Porto Seguro')!;
  await importSheet(page.request, '/api/statements', { insurerId: String(porto.id) }, [
    'Nº Apólice;Parcela;Comissão Bruta;ISS;IRRF;Valor Líquido;Data Pagamento;Tipo',
    `RP-0001;1;143,75;0,00;0,00;143,75;${brDate(today())};Comissão`,
  ]);

  await page.goto('/commissions?aba=repasse');
  const panel = page.getByRole('tabpanel', { name: 'Repasse' });
  // 143,75 × 70 % × 40 % = 40,25; 143,75 × 30 % × 10 % = 4,3125 → 4,31.
  await expect(
    panel.getByRole('row', {
      name: /Pedro Produtor RP-0001 1\/\d+ \d{2}\/\d{2}\/\d{4} José da Conceição Repasse R\$ 143,75 70% 40% R\$ 40,25/,
    }),
  ).toBeVisible();
  await expect(panel.getByRole('row', { name: /Ana Indicação \(angariador\) RP-0001 .* R\$ 4,31/ })).toBeVisible();
  await expect(panel.getByText('R$ 44,56', { exact: true })).toBeVisible();
  await expectAccessible(page, 'repasse');
  // The angariador without a login has a statement of their own (#58).
  await panel.getByLabel('Participante', { exact: true }).selectOption({ label: 'Ana Indicação (angariador)' });
  const statement = panel.getByRole('link', { name: 'Demonstrativo em PDF' });
  await expect(statement).toHaveAttribute('href', /angariador=Ana(\+|%20)Indica%C3%A7%C3%A3o/);
  expect((await page.request.get((await statement.getAttribute('href'))!)).headers()['content-type']).toBe('application/pdf');
  await panel.getByLabel('Participante', { exact: true }).selectOption({ label: 'Todos' });

  // The producer: their own line only, and 'A receber de repasse' on the Painel.
  await producer.goto('/commissions?aba=repasse');
  const own = producer.getByRole('tabpanel', { name: 'Repasse' });
  await expect(own.getByRole('row', { name: /RP-0001 .* R\$ 40,25/ })).toBeVisible();
  await expect(own.getByText('Ana Indicação')).toHaveCount(0);
  await expect(own.getByRole('button', { name: 'Fechar o mês' })).toHaveCount(0);
  // Their own statement, a click away (#58).
  await expect(own.getByRole('link', { name: 'Demonstrativo em PDF' })).toBeVisible();
  await producer.goto('/');
  await expect(producer.getByText('A receber de repasse')).toBeVisible();
  await expect(producer.getByText('R$ 40,25', { exact: true })).toBeVisible();

  // The owner closes the month.
  await panel.getByRole('button', { name: 'Fechar o mês' }).click();
  await page
    .getByRole('alertdialog', { name: /^Fechar / })
    .getByRole('button', { name: 'Fechar o mês' })
    .click();
  // This month has not ended: closing it asks a second time (#58).
  await page
    .getByRole('alertdialog', { name: /ainda não terminou$/ })
    .getByRole('button', { name: 'Fechar antes do fim' })
    .click();
  await expect(panel.getByText('Fechado', { exact: true })).toBeVisible();
  // The producer's Painel says the month was closed and paid, not a bare zero (#58).
  await producer.goto('/');
  await expect(producer.getByText(/^Meses até .* fechados e pagos$/)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Fechar o mês' })).toHaveCount(0);

  // On a phone, the month's lines read as labelled blocks inside the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(panel.getByText('R$ 40,25').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await producerContext.close();
});

test('repasse at issuance: the owner splits the commission as they confirm the policy; the split is the policy’s', async ({ page }) => {
  await registerViaApi(page.request, 'Olga Dona', uniqueEmail('repasse-issue'));
  await onboardViaApi(page.request);
  await finalizedViaApi(page.request, 'Helena Duarte');
  await page.goto('/pipeline');
  await page.getByRole('button', { name: 'Helena Duarte', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Dividir a comissão (repasse)' }).click();
  const first = dialog.getByRole('group', { name: 'Participante 1' });
  await expect(first.getByLabel('Participação (%)')).toHaveValue('100');
  await first.getByLabel('Participação (%)').fill('90');
  await dialog.getByRole('button', { name: 'Adicionar participante' }).click();
  const second = dialog.getByRole('group', { name: 'Participante 2' });
  await second.getByRole('combobox', { name: 'Quem' }).selectOption({ label: 'Angariador sem acesso' });
  await second.getByLabel('Nome do angariador').fill('Beto Indicação');
  await second.getByLabel('Participação (%)').fill('10');
  // Checked before sending: the angariador's percent is missing.
  await dialog.getByRole('button', { name: 'Confirmar emissão' }).click();
  await expect(second.getByText('Informe o percentual do angariador')).toBeVisible();
  await second.getByLabel('Percentual da comissão (%)').fill('5');
  await dialog.getByRole('button', { name: 'Confirmar emissão' }).click();
  await expect(page.getByRole('region', { name: 'Finalizado' }).getByText('Apólice emitida')).toBeVisible();

  await page.goto('/policies');
  await page.getByRole('button', { name: 'Repasse da apólice de Helena Duarte (aguardando nº)' }).click();
  const split = page.getByRole('dialog', { name: /Repasse da apólice/ });
  await expect(split.getByRole('group', { name: 'Participante 2' }).getByLabel('Nome do angariador')).toHaveValue('Beto Indicação');
  await expect(split.getByRole('group', { name: 'Participante 1' }).getByLabel('Participação (%)')).toHaveValue('90');
});
