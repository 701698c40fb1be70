import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';

/**
 * The API reference through nginx: the OpenAPI document generated from the operations table, and
 * its page rendered by Swagger UI from same-origin files under the site's CSP.
 */
test('GET /api/openapi.json is the OpenAPI 3.1 document of the public API; /api/docs renders it with no CSP violation', async ({
  page,
  request,
}) => {
  const answer = await request.get('/api/openapi.json');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/json');
  const openapi = (await answer.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(openapi.openapi).toBe('3.1.0');
  expect(Object.keys(openapi.paths)).toEqual(
    expect.arrayContaining(['/api/auth/login', '/api/pipeline-cards/{id}/confirm-issuance', '/api/documents/upload']),
  );
  expect(Object.keys(openapi.paths).some((route) => route.startsWith('/internal'))).toBe(false);

  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Content-Security-Policy violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const requests: string[] = [];
  page.on('request', (sent) => requests.push(sent.url()));
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Corretora CRM API/ })).toBeVisible();
  // Every group is listed (closed); opening one shows its operations.
  await expect(page.getByRole('heading', { name: /^Repasse/ })).toBeVisible();
  await page.getByRole('heading', { name: /^Sinistros/ }).click();
  await expect(page.getByText('/api/claims/{id}/status').first()).toBeVisible();
  expect(violations).toEqual([]);
  // Nothing leaves the site.
  expect(requests.filter((url) => !url.startsWith(new URL(page.url()).origin))).toEqual([]);
  await expectAccessible(page, '/api/docs');
});
