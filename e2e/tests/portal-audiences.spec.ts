import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { registerViaApi, uniqueEmail } from './support/accounts';
import { onboardViaApi } from './support/broker';
import { portalCodeFor } from './support/outbox';

type Document = { paths: Record<string, Record<string, { operationId: string; security?: Record<string, unknown>[] }>> };

/** A path of the reference with each parameter given a value of its kind (the guard answers before any is read). */
function filled(path: string, slug: string): string {
  const values: Record<string, string> = {
    userId: randomUUID(),
    memberId: randomUUID(),
    invitationId: randomUUID(),
    taskId: 'task-1',
    cep: '01310100',
    token: 'x'.repeat(43),
    month: '2026-01',
    brokerage: slug,
    line: 'auto',
  };
  return path.replace(/\{([A-Za-z]+)\}/g, (_whole, name: string) => values[name] ?? '1');
}

async function call(request: APIRequestContext, method: string, path: string) {
  return request.fetch(path, { method: method.toUpperCase(), ...(method === 'get' || method === 'delete' ? {} : { data: {} }) });
}

/**
 * Two audiences, two doors (#61): over every operation of the OpenAPI document, a client's session
 * opens no member's operation and a member's opens no client's.
 */
test("one sweep over the reference: a client's session gets 401 on every member operation, a member's on every portal operation", async ({
  page,
  browser,
}) => {
  await registerViaApi(page.request, 'Dona Portas', uniqueEmail('portal-doors'));
  await onboardViaApi(page.request);
  const settings = await page.request.put('/api/portal-settings', { data: { enabled: true, channels: { email: true, whatsapp: false } } });
  expect(settings.status()).toBe(200);
  const slug = ((await settings.json()) as { publicPath: string }).publicPath.replace('/cliente/', '');
  const email = uniqueEmail('portal-doors-client');
  expect(
    (
      await page.request.post('/api/contacts', {
        data: { name: 'Cliente Portas', phone: '(11) 98765-0000', cpf: '111.444.777-35', email, type: 'individual' },
      })
    ).status(),
  ).toBe(201);
  const client = (await browser.newContext()).request;
  expect((await client.post(`/api/portal/${slug}/code`, { data: { document: '11144477735' } })).status()).toBe(202);
  const signedIn = await client.post(`/api/portal/${slug}/session`, {
    data: { document: '11144477735', code: await portalCodeFor(email) },
  });
  expect(signedIn.status()).toBe(200);
  expect((await client.get('/api/portal/me')).status()).toBe(200);

  const reference = (await (await page.request.get('/api/openapi.json')).json()) as Document;
  const refused: string[] = [];
  let member = 0;
  let portal = 0;
  for (const [path, methods] of Object.entries(reference.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const scheme = Object.keys(operation.security?.[0] ?? {})[0];
      if (scheme === 'session') {
        member += 1;
        const answer = await call(client, method, filled(path, slug));
        if (answer.status() !== 401) refused.push(`client → ${method.toUpperCase()} ${path}: ${answer.status()}`);
      } else if (scheme === 'clientSession') {
        portal += 1;
        const answer = await call(page.request, method, filled(path, slug));
        if (answer.status() !== 401) refused.push(`member → ${method.toUpperCase()} ${path}: ${answer.status()}`);
      }
    }
  }
  expect(refused).toEqual([]);
  expect(member).toBeGreaterThan(150);
  expect(portal).toBe(10);
  // Both sessions still stand: each door only turned the other away.
  expect((await client.get('/api/portal/me')).status()).toBe(200);
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
});
