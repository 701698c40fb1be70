import { expect, test } from '@playwright/test';
import { PASSWORD, registerViaApi, signInThroughForm, uniqueEmail } from './support/accounts';
import { onboardViaApi } from './support/broker';
import { resetLinkFor } from './support/outbox';

test('a wrong password shows the login failure message and keeps the broker on /login', async ({ page, request }) => {
  const email = uniqueEmail('login');
  await registerViaApi(request, 'Bruno Lima', email);

  await signInThroughForm(page, email, 'senha-errada-999');

  await expect(page.getByText('Email ou senha inválidos. Tente novamente.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('forgot password -> e-mail link -> new password -> sign in with it', async ({ page, request }) => {
  const email = uniqueEmail('reset');
  await registerViaApi(request, 'Carla Dias', email);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueceu a senha?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The address changes first; the login's own E-mail field stays on screen until the page's code
  // arrives (a transition), and a fill aimed at it would be lost: wait for the page itself.
  await expect(page.getByRole('heading', { name: 'Esqueceu a senha?' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Enviar link de redefinição' }).click();
  await expect(page.getByText('Se existe uma conta com esse email, você receberá um link para redefinir sua senha.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar ao login' })).toBeVisible();

  const link = await resetLinkFor(email);
  const { pathname, search, hash } = new URL(link);
  // The token travels in the fragment (never in a request line or a Referer) and leaves the address bar once read.
  expect(search).toBe('');
  expect(hash).toMatch(/^#token=[\w-]{40,}$/);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto(pathname + hash);
  await expect(page.getByRole('textbox', { name: 'Nova senha', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password$/);
  expect(requested.filter((url) => url.includes(hash.slice('#token='.length)))).toEqual([]);
  const newPassword = 'nova-senha-456';
  await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirmar nova senha' }).fill(newPassword);
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByRole('link', { name: /login/i })).toBeVisible();

  // The old password no longer works; the new one does.
  await signInThroughForm(page, email, PASSWORD);
  await expect(page.getByText('Email ou senha inválidos. Tente novamente.')).toBeVisible();
  await signInThroughForm(page, email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Completar Cadastro da Corretora' })).toBeVisible();

  // The reset link is single use.
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token');
  const reuse = await request.post('/api/auth/reset-password', { data: { token, password: 'outra-senha-789' } });
  expect(reuse.status()).toBe(400);
  expect((await reuse.json()).message).toBe('Link de redefinição inválido ou expirado.');
});

test('a session ended elsewhere sends the broker to the landing page at the next action', async ({ page, playwright }) => {
  await registerViaApi(page.request, 'Davi Rocha', uniqueEmail('ended'));
  await onboardViaApi(page.request);
  await page.goto('/settings');
  // The journeys run while CI's jest and lint share the 2 cores: this first load once took over 10 s (a wait bound, not a speed one).
  await expect(page.getByText('Seguro Auto', { exact: true })).toBeVisible({ timeout: 30_000 });

  // Another tab with the same session signs out.
  const otherTab = await playwright.request.newContext({
    baseURL: test.info().project.use.baseURL,
    storageState: await page.context().storageState(),
  });
  expect((await otherTab.post('/api/auth/logout')).status()).toBe(204);
  await otherTab.dispose();

  await page.getByRole('switch', { name: 'Ativo: Seguro Auto' }).click();
  await expect(page.getByRole('link', { name: 'Criar Conta Grátis' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeHidden();
});

test('the account menu opens from the keyboard, closes with Escape back on its button, and signs out', async ({ page }) => {
  await registerViaApi(page.request, 'Iara Moura', uniqueEmail('menu'));
  await page.goto('/');
  const menuButton = page.getByRole('button', { name: 'Menu da conta' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Limpar Dados' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Sair da Conta' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(menuButton).toBeFocused();
  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Sair da Conta' }).click();
  await expect(page).toHaveURL(/\/login/);
});
