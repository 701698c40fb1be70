import { expect, test, type APIRequestContext } from '@playwright/test';
import { registerViaApi, toast, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/axe';
import { onboardViaApi } from './support/broker';

function inDays(days: number): string {
  const date = new Date(`${new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' })}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
const br = (iso: string) => iso.split('-').reverse().join('/');
const yearBefore = (iso: string) => `${Number(iso.slice(0, 4)) - 1}${iso.slice(4)}`;

/** A Porto auto policy ending in 25 days and a life policy that ended 10 days ago, by the policies import. */
async function book(request: APIRequestContext) {
  const line = (number: string, type: string, end: string) =>
    `${number};Porto Seguro;Cliente ${number};${type};${br(yearBefore(end))};${br(end)};1.000,00;1.073,80;10`;
  const created = await request.post('/api/imports', {
    multipart: {
      kind: 'policies',
      file: {
        name: 'carteira.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          [
            'Apólice;Seguradora;Segurado;Ramo;Início;Fim;Prêmio Líquido;Prêmio Total;% Comissão',
            line('R-25', 'Auto', inDays(25)),
            line('R-OLD', 'Vida', inDays(-10)),
          ].join('\r\n'),
          'latin1',
        ),
      },
    },
  });
  const { id, mapping } = (await created.json()) as { id: number; mapping: Record<string, string> };
  await request.put(`/api/imports/${id}/mapping`, { data: { mapping } });
  await request.post(`/api/imports/${id}/commit`);
  await expect.poll(async () => ((await (await request.get(`/api/imports/${id}`)).json()) as { status: string }).status).toBe('done');
}

test('Renovações: D-30 with its countdown, a quote, renovada into the next term, perdida needs a reason', async ({ page }) => {
  await registerViaApi(page.request, 'Paula Reis', uniqueEmail('renewals'));
  await onboardViaApi(page.request);
  await book(page.request);

  await page.goto('/policies?aba=renovacoes');
  const panel = page.getByRole('tabpanel', { name: 'Renovações' });
  await page.getByRole('tab', { name: 'D-30 (1)' }).click();
  const row = panel.getByRole('row', { name: /R-25/ });
  await expect(row).toContainText(`${br(inDays(25))} (faltam 25 dias)`);
  await expect(row).toContainText(`mantida até ${br(inDays(55))}`);
  await expectAccessible(page, 'renewals');

  // Its next action: none yet, then a call the day after tomorrow.
  await expect(row).toContainText('sem próxima ação');
  await row.getByRole('button', { name: 'Próxima ação de R-25' }).click();
  const next = page.getByRole('dialog', { name: 'Próxima ação: R-25' });
  await next.getByRole('textbox', { name: 'Quando' }).fill(br(inDays(2)));
  await next.getByRole('combobox', { name: 'O quê' }).selectOption({ label: 'Enviar cotação' });
  await next.getByRole('button', { name: 'Salvar próxima ação' }).click();
  await expect(toast(page, 'Próxima ação salva')).toBeVisible();
  await expect(row).toContainText(`Enviar cotação em ${br(inDays(2))}`);

  await row.getByRole('button', { name: 'Cotação para R-25' }).click();
  const quote = page.getByRole('dialog', { name: 'Registrar cotação: R-25' });
  // The deal's quote form: the policy's line (Auto) with its coverages listed; the sum checked before sending.
  await quote.getByRole('combobox', { name: /^Seguradora/ }).selectOption({ label: 'Bradesco Seguros' });
  await expect(quote.getByRole('combobox', { name: /^Ramo/ })).toHaveValue('auto');
  await quote.getByRole('button', { name: 'Registrar cotação' }).click();
  await expect(quote.getByText('Informe o prêmio total')).toBeVisible();
  await quote.getByLabel(/^Prêmio total/).pressSequentially('98000');
  await quote.getByRole('checkbox', { name: 'Vidros, faróis e retrovisores' }).check();
  await quote.getByRole('textbox', { name: 'Observação' }).fill('Renova com bônus 5');
  await expectAccessible(page, 'renewal quote');
  await quote.getByRole('button', { name: 'Registrar cotação' }).click();
  await expect(toast(page, 'Cotação registrada')).toBeVisible();
  await expect(row).toContainText('Bradesco Seguros: R$ 980,00');
  const renewals = (await (await page.request.get('/api/renewals')).json()) as { items: { policyNumber: string; id: number }[] };
  const quotes = await (
    await page.request.get(`/api/renewals/${renewals.items.find((item) => item.policyNumber === 'R-25')!.id}/quotes`)
  ).json();
  expect(quotes).toMatchObject([{ totalPremium: '980.00', premium: '980.00', line: 'auto', note: 'Renova com bônus 5' }]);
  expect(quotes[0].coverages.map((coverage: { key: string }) => coverage.key)).toEqual(['vidros']);

  await row.getByRole('button', { name: 'Renovada: R-25' }).click();
  const renew = page.getByRole('dialog', { name: 'Renovar apólice: R-25' });
  await renew.getByRole('combobox', { name: 'Cotação escolhida' }).selectOption({ label: 'Bradesco Seguros: R$ 980,00' });
  await expect(renew.getByText(/Mudar de seguradora: se a apólice atual for cancelada hoje, a Porto Seguro pode estornar/)).toBeVisible();
  await renew.getByRole('textbox', { name: 'Número da nova apólice' }).fill('R-25-2');
  await expectAccessible(page, 'renewal outcome');
  await renew.getByRole('button', { name: 'Renovar' }).click();
  await expect(toast(page, 'Apólice renovada')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'D-30 (0)' })).toBeVisible();

  await page.getByRole('tab', { name: 'Vencidas (1)' }).click();
  await panel.getByRole('button', { name: 'Perdida: R-OLD' }).click();
  const lost = page.getByRole('dialog', { name: 'Renovação perdida: R-OLD' });
  await lost.getByRole('button', { name: 'Registrar perda' }).click();
  await expect(lost.getByText('Informe o motivo da perda')).toBeVisible();
  await lost.getByRole('combobox', { name: 'Motivo' }).selectOption({ label: 'Preço' });
  await lost.getByRole('button', { name: 'Registrar perda' }).click();
  await expect(toast(page, 'Renovação perdida registrada')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Vencidas (0)' })).toBeVisible();

  // The next term's policy is in the list, with its insurer's premium.
  await page.getByRole('tab', { name: 'Apólices' }).click();
  await expect(page.getByRole('row', { name: /R-25-2/ })).toContainText('R$ 980,00');
});
