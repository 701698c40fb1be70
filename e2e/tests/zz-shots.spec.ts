import { test } from '@playwright/test';
import { registerViaApi, uniqueEmail } from './support/accounts';
import { onboardViaApi } from './support/broker';

test('shots', async ({ page }) => {
  await registerViaApi(page.request, 'Paula Reis', uniqueEmail('shots'));
  await onboardViaApi(page.request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings?tab=quotes');
  await page.getByRole('switch').waitFor();
  await page.screenshot({ path: '/tmp/shot-settings.png', fullPage: true });
  await page.request.put('/api/quotes/settings', { data: { disclosureRequired: true } });
  const reference = await (await page.request.get('/api/reference-data')).json();
  await page.request.post('/api/pipeline', {
    data: {
      name: 'Maria Souza',
      phone: '(11) 98765-4321',
      productId: reference.products[0].id,
      leadSourceId: reference.leadSources[0].id,
      stageId: reference.pipelineStages[2].id,
    },
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/pipeline');
  const card = page.getByRole('button', { name: 'Maria Souza', exact: true });
  await card.focus();
  await page.keyboard.press('Space');
  await page
    .locator('[id^="DndLiveRegion"]')
    .getByText(/Card Maria Souza/)
    .waitFor({ state: 'attached' });
  await page.keyboard.press('ArrowRight');
  await page
    .locator('[id^="DndLiveRegion"]')
    .getByText(/sobre a coluna Finalizado/)
    .waitFor({ state: 'attached' });
  await page.keyboard.press('Space');
  await page.getByText('Informe CNSP 382 não enviado.').waitFor();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/shot-finalize.png' });
  console.log(
    await page.getByText('Informe CNSP 382 não enviado.').evaluate((node) => {
      const out: string[] = [];
      let el: HTMLElement | null = node as HTMLElement;
      for (let i = 0; i < 6 && el; i += 1, el = el.parentElement) {
        const cs = getComputedStyle(el);
        out.push(
          `${el.tagName}.${el.className.slice(0, 40)} h=${el.getBoundingClientRect().height} display=${cs.display} height=${cs.height} max=${cs.maxHeight} minH=${cs.minHeight} grid=${cs.gridTemplateRows}`,
        );
      }
      return out.join('\n');
    }),
  );
});
