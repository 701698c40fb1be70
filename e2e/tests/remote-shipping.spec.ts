import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { registerViaApi, uniqueEmail } from './support/accounts';
import { onboardViaApi } from './support/broker';

/**
 * A remote team ships its remote alone, through the commands of README's "Shipping a remote on its
 * own", against the running product behind nginx (`npm test` builds the variants and names the
 * store): promote and roll back a visible change with no other file touched (finance's, and the client
 * portal's while a client and a member have the product open); a remote built for
 * another web-kit major isolated with its reason in the console and the gateway's log; remotes
 * built a web-kit minor before and after the shell's working with it. This project runs after every
 * other journey (it changes what is live) and puts back what was live.
 */
const REPO_ROOT = path.resolve(__dirname, '..', '..');
const REMOTE = 'mfe-finance';
const PORTAL = 'mfe-portal';
const CHANGED_SUBTITLE = 'Nova versão do módulo financeiro: documentos da corretora';
const ORIGINAL_SUBTITLE = 'Apólices, sinistros, contratos e formulários da corretora';
const PORTAL_ORIGINAL = /^Consulte suas apólices, parcelas e sinistros/;
const PORTAL_CHANGED = /^Nova versão do portal: suas apólices, parcelas e sinistros/;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the journeys through npm test, which builds the remote variants`);
  return value;
}
const store = () => required('REMOTE_STORE');
const variantDist = (variant: string, name: string) => path.join(required('REMOTE_VARIANTS_DIR'), variant, name, 'dist');

/** The remote team's command: npm run remote -- <args>. */
function remote(...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'packages/gateway-kit/src/remote-cli.ts'), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, REMOTE_STORE: store() },
    encoding: 'utf8',
  });
}

function publish(variant: string, name = REMOTE): string {
  const output = remote('publish', name, '--dist', variantDist(variant, name));
  const version = new RegExp(`^${name} (\\S+) `, 'm').exec(output)?.[1];
  if (!version) throw new Error(`publish said: ${output}`);
  return version;
}

async function live(): Promise<Record<string, string>> {
  return JSON.parse(await readFile(path.join(store(), 'remotes.json'), 'utf8')) as Record<string, string>;
}

/** Every file under a folder with its sha256: what "untouched" means. */
async function checksums(dir: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    result[path.relative(dir, file)] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  }
  return result;
}

let original: string;
let originalPortal: string;
test.beforeAll(async () => {
  const versions = await live();
  original = versions[REMOTE]!.split('/')[3]!;
  originalPortal = versions[PORTAL]!.split('/')[3]!;
});
test.afterAll(() => {
  remote('promote', REMOTE, original);
  remote('promote', PORTAL, originalPortal);
});

async function signIn(page: Page, prefix: string) {
  await registerViaApi(page.request, 'Rita Moraes', uniqueEmail(prefix));
  await onboardViaApi(page.request);
}

test('publish → nothing changes; promote → the change is live on the next page load, nothing else touched; rollback → the old one is back', async ({
  page,
}) => {
  await signIn(page, 'ship');
  await page.goto('/documents');
  await expect(page.getByText(ORIGINAL_SUBTITLE)).toBeVisible();
  const shellBefore = await checksums(path.join(REPO_ROOT, 'shell', 'dist'));
  const liveBefore = await live();

  const version = publish('changed');
  expect(remote('list', REMOTE)).toContain(`  ${version}`);
  expect(await live()).toEqual(liveBefore);
  await page.reload();
  await expect(page.getByText(ORIGINAL_SUBTITLE)).toBeVisible();

  expect(remote('promote', REMOTE, version)).toContain(`${REMOTE} ${version} is live`);
  await page.goto('/documents');
  await expect(page.getByText(CHANGED_SUBTITLE)).toBeVisible();
  expect(remote('list', REMOTE)).toContain(`* ${version}`);
  // Only the pointer moved: the shell's files and every other remote's live version are as they were.
  expect(await checksums(path.join(REPO_ROOT, 'shell', 'dist'))).toEqual(shellBefore);
  expect(await live()).toEqual({ ...liveBefore, [REMOTE]: `/remotes/${REMOTE}/${version}/remoteEntry.js` });

  expect(remote('rollback', REMOTE)).toContain(`${REMOTE} ${original} is live again`);
  await page.goto('/documents');
  await expect(page.getByText(ORIGINAL_SUBTITLE)).toBeVisible();
  expect(await live()).toEqual(liveBefore);
});

test('the client portal ships alone too: promoted while a client has it open on a phone and a member works in the shell, then rolled back (#61)', async ({
  page,
  browser,
}) => {
  await signIn(page, 'ship-portal');
  const turnedOn = await page.request.put('/api/portal-settings', { data: { enabled: true, channels: { email: true, whatsapp: false } } });
  expect(turnedOn.status()).toBe(200);
  const { publicPath } = (await turnedOn.json()) as { publicPath: string };
  const client = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await client.goto(publicPath);
  await expect(client.getByText(PORTAL_ORIGINAL)).toBeVisible();
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { name: 'Gestão de Contatos' })).toBeVisible();
  const shellBefore = await checksums(path.join(REPO_ROOT, 'shell', 'dist'));
  const liveBefore = await live();

  const version = publish('portal-changed', PORTAL);
  expect(remote('list', PORTAL)).toContain(`  ${version}`);
  expect(await live()).toEqual(liveBefore);
  await client.reload();
  await expect(client.getByText(PORTAL_ORIGINAL)).toBeVisible();

  expect(remote('promote', PORTAL, version)).toContain(`${PORTAL} ${version} is live`);
  await client.reload();
  await expect(client.getByText(PORTAL_CHANGED)).toBeVisible();
  await expect(client.getByRole('textbox', { name: 'CPF ou CNPJ' })).toBeVisible();
  // The member's open shell was never reloaded and goes on; only the portal's pointer moved.
  await page.getByRole('navigation').getByRole('link', { name: 'Painel' }).click();
  await expect(page.getByText('Apólices Ativas', { exact: true })).toBeVisible();
  expect(await checksums(path.join(REPO_ROOT, 'shell', 'dist'))).toEqual(shellBefore);
  expect(await live()).toEqual({ ...liveBefore, [PORTAL]: `/remotes/${PORTAL}/${version}/remoteEntry.js` });

  expect(remote('rollback', PORTAL)).toContain(`${PORTAL} ${originalPortal} is live again`);
  await client.reload();
  await expect(client.getByText(PORTAL_ORIGINAL)).toBeVisible();
  expect(await live()).toEqual(liveBefore);
  await client.context().close();
});

test('a remote built for web-kit 2 is isolated with the message, said in the console and the gateway log; the rest works', async ({
  page,
}) => {
  await signIn(page, 'major');
  const version = publish('next-major');
  remote('promote', REMOTE, version);
  const errors: string[] = [];
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  await page.goto('/documents');
  await expect(page.getByText('Não foi possível carregar esta área.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  await expect
    .poll(() => errors.find((line) => line.includes(`a área ${REMOTE} (versão ${version}) não carregou e foi isolada`)))
    .toContain('requer @corretora/web-kit ^2.0.0 (o shell tem 1.2.0)');
  // Its requirements were read (remote.json) and its code never ran: no second kit, no second React.
  expect(fetched).toContain(`/remotes/${REMOTE}/${version}/remote.json`);
  expect(fetched).not.toContain(`/remotes/${REMOTE}/${version}/remoteEntry.js`);
  await expect
    .poll(async () =>
      (await readFile(required('REMOTE_ERROR_LOG'), 'utf8').catch(() => '')).split('\n').filter((line) => line.includes(version)),
    )
    .toHaveLength(1);
  const [line] = (await readFile(required('REMOTE_ERROR_LOG'), 'utf8')).split('\n').filter((entry) => entry.includes(version));
  expect(JSON.parse(line!)).toMatchObject({ event: 'remote isolated', remote: REMOTE, version });

  // The shell and the other remotes go on.
  const nav = page.getByRole('navigation');
  await nav.getByRole('link', { name: 'Painel' }).click();
  await expect(page.getByText('Apólices Ativas', { exact: true })).toBeVisible();
  await nav.getByRole('link', { name: 'Contatos' }).click();
  await expect(page.getByRole('heading', { name: 'Gestão de Contatos' })).toBeVisible();

  remote('promote', REMOTE, original);
});

for (const variant of ['previous-minor', 'next-minor'] as const) {
  test(`a remote built against the ${variant === 'previous-minor' ? 'previous (1.1)' : 'next (1.3)'} web-kit minor works with the shell's 1.2, on its one kit`, async ({
    page,
  }) => {
    await signIn(page, variant);
    remote('promote', REMOTE, publish(variant));
    await page.goto('/documents');
    await expect(page.getByRole('heading', { name: 'Documentos' })).toBeVisible();
    // Its queries run on the shell's query client (one web-kit: a second one would have no client).
    await expect(page.getByText('Nenhum documento enviado ainda.')).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: 'Apólices' }).click();
    await expect(page.getByRole('heading', { name: 'Gestão de Apólices' })).toBeVisible();
    remote('promote', REMOTE, original);
  });
}
