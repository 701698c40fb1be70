import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'senha-segura-123';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@corretora.test`;
}

/** Registers through the gateway's API; the context then carries the session cookie. */
export async function registerViaApi(request: APIRequestContext, name: string, email: string, password = PASSWORD): Promise<void> {
  const response = await request.post('/api/auth/register', { data: { name, email, password } });
  expect(response.status(), await response.text()).toBe(201);
}

export async function signInThroughForm(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** A toast of the shell's toaster (the same text also goes to an aria-live region). */
export function toast(page: Page, text: string) {
  // .last(): while one toast is leaving, the next may already be on screen.
  return page.locator('.fui-Toast').getByText(text, { exact: true }).last();
}
