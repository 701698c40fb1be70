import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { EXAMPLE_BROKERAGE } from '@corretora/contracts/examples';
import { UPCOMING_AREAS, remoteRoutes } from '@corretora/registry';
import { chromium, request, type Browser } from '@playwright/test';

/**
 * JavaScript budgets of every route, measured in Chromium against the running product (BASE_URL:
 * nginx in front of the stack under `npm test`), each page with a cold cache, counting every script
 * it fetched, gzipped:
 * - /login (signed out): at most 200 KiB and no remoteEntry; a client's route (the portal at
 *   /cliente/{brokerage}, signed out) the same 200 KiB;
 * - every signed-in route (onboarded), the shell's own and each remote's (the shell plus that
 *   remote): at most 300 KiB. On 2026-11-25: /login 180, /dashboard 206, remote routes 233–267 KiB.
 * - Fluent once per page: no script of a remote carries Fluent's components or its focus manager
 *   (they come from the shell's curated families, packages/build-kit/src/shared.ts).
 * Routes come from the registry, so a new remote is measured without an edit here. SIZE_DETAIL=1
 * also lists every script of every route, largest first (what to look at when one grows).
 */
const LOGIN_BUDGET = 200 * 1024;
const PAGE_BUDGET = 300 * 1024;
/**
 * Routes held to what they weighed when they were last made lighter (KiB gz, 2026-11-25, with about
 * 1 KiB of room): a page that grows past its figure fails here and is looked at, not drifted into.
 */
const HELD: Record<string, number> = {
  // +0.8 KiB on 2026-11-26 (#38): the /convite route, the member's role on the navigation entries, and the roles' names.
  // +0.7 KiB on 2026-11-27 (#40): the public privacy page's two routes; the valibot pieces its form shares with the
  // sign-in forms become a chunk of their own (the page itself uses no form library and no icon set, which cost +2.5 KiB).
  // +0.3 KiB on 2026-12-02: contracts in floors — the rules the sign-in forms share (the new password's) are a
  // module of the shared vocabulary of their own, each module with its wrapper.
  // +0.3 KiB on 2026-12-02 (#61): the registry every app reads names the portal's service and its remote (a client's route), and web-kit's query client leaves the portal's 401 to the portal.
  // +0.1 KiB on 2026-12-02 (#61): on a remote's page the shell's entry asks for /remotes.json, the live version's remote.json and entry
  // before the app's code runs, and shows a route once the code its preload asked for is there (the portal's first page).
  // +0.1 KiB on 2026-12-03 (#62): the registry every app reads names the WhatsApp paths and Conversas, contracts a conversation's 404.
  '/login': 183.5,
  // +1.5 KiB on 2026-11-26 (#35) on every signed-in page: the top bar's search box and its shortcuts
  // (its results, their formatters and the query load on the box's first focus).
  // +0.2 KiB on 2026-11-26 (#36 item 4) on every signed-in page: the shell narrows what /remotes.json
  // and a remote's remote.json hold, and the search box its focus target, instead of asserting their types.
  // +0.1 KiB on 2026-11-26 (#41) on every signed-in page: on a remote's page the shell starts its
  // entry and manifest at boot, beside the session check, and loads each manifest once per page.
  // +1.2 KiB on 2026-11-26 (#38) on every signed-in page: the side navigation by role (Comissões, Limpar Dados, a member named
  // as themselves), the Painel without money for an assistant, the operations' roles.
  // +0.1 KiB on 2026-11-27 (#39): the Painel's 'A receber de repasse' card for a producer.
  // +0.2 KiB on 2026-11-27 (#40) on every signed-in page: the Privacidade entry (owners and admins) and its icon.
  // +0.2 KiB on 2026-11-28 (#57): the Painel's spec labels with the captions that say how a figure is made, 'Criar
  // Apólice', and every form's pt-BR message for a body that is not an object (contracts' issuesToFieldErrors).
  // +0.1 KiB on 2026-11-28 (#58 items 6, 8): a producer's 'A receber de repasse' says the months closed and paid; an area a role may not open says so.
  // +0.2 KiB on 2026-12-02 (#61): on a remote's page the shell's entry asks for /remotes.json, the live version's remote.json and entry
  // before the app's code runs, and shows a route once the code its preload asked for is there (the portal's first page).
  // +0.1 KiB on 2026-12-02 (#61): money written from its cents' digits (no Intl object made when contracts load) and each
  // remaining Intl formatter made on first use: the first Intl object costs a page ~35–60 ms (the portal's first page).
  // +0.9 KiB on 2026-12-03 (#62): as /login, and the side navigation's Conversas (its icon).
  '/dashboard': 213.1,
  // +4.2 KiB on 2026-11-26 (#38): Minha Corretora's Equipe (the members, their roles and the actions; its dialogs load on open).
  // +0.2 KiB on 2026-11-27 (#39): Equipe's 'Regras de repasse' action (its dialog loads on open).
  // +0.7 KiB on 2026-11-27 (#40): the remote's Privacidade route (its page loads on demand) and the navigation entry.
  // +0.2 KiB on 2026-11-27 (#36): the registry every app reads names the door /api/imports shares with finance (its fallback).
  // +0.3 KiB on 2026-11-28 (#58 item 5): Equipe's 'Produção' button (its tables load when it opens).
  // +2.4 KiB on 2026-12-02 (#60): Minha Corretora's CNSP 382 card (its form loads when opened), and react-hook-form's
  // useFieldArray (the form's holdings): the library is one module, so the remote's shared form chunk carries it.
  // +2.5 KiB on 2026-12-02 (#60): Minha Corretora's Logotipo card and the image picker it shares with Meu Perfil's photo
  // (loading the card lazily measured more, 250.7 KiB: the route loads it at once, so its own chunk only added a request).
  // +0.1 KiB on 2026-12-02 (#61): on a remote's page the shell's entry asks for /remotes.json, the live version's remote.json and entry
  // before the app's code runs, and shows a route once the code its preload asked for is there (the portal's first page).
  // +0.3 KiB on 2026-12-03 (#62): as /dashboard.
  '/broker': 250.8,
  // +0.6 KiB on 2026-11-26 (#37 item 4): the photo goes up over XMLHttpRequest with its progress and can be cancelled (the bar itself loads when a photo is sent).
  // +1.9 KiB on 2026-11-26 (#38): as every signed-in page, and Meu Perfil's figures without money for an assistant.
  // +0.5 KiB on 2026-11-27 (#40): as /broker (the same remote's manifest).
  // +0.1 KiB on 2026-11-27 (#36): as /broker.
  // +0.1 KiB on 2026-11-28 (#57): as /dashboard (the forms' message), and the toast 'Onboarding reiniciado' with its line.
  // +1.4 KiB on 2026-11-28 (#58 item 2): a member's own Meu Perfil (their data, the e-mail change with the current password)
  // and the password card every member gets, with the two forms' schemas.
  // +0.1 KiB on 2026-11-28 (#58 item 5): as /broker (the same remote).
  // +0.1 KiB on 2026-11-28 (#58 item 8): an area the member's role does not open says so in its place (the onboarding gate reads the entry's roles).
  // +0.1 KiB on 2026-11-28: the months' names and arithmetic written once in contracts' date module (Produção, Recebíveis, Repasse, the Painel).
  // +2.4 KiB on 2026-12-02 (#60): as /broker (the same remote's shared form chunk, with useFieldArray).
  // +0.4 KiB on 2026-12-02 (#60): the photo's picker became a hook Minha Corretora's logo card shares (a chunk of its own).
  // +0.3 KiB on 2026-12-02 (#61): the registry every app reads names the portal's service and its remote (a client's route), and web-kit's query client leaves the portal's 401 to the portal.
  // +0.1 KiB on 2026-12-02 (#61): on a remote's page the shell's entry asks for /remotes.json, the live version's remote.json and entry
  // before the app's code runs, and shows a route once the code its preload asked for is there (the portal's first page).
  // +0.3 KiB on 2026-12-03 (#62): as /dashboard.
  '/profile': 267.7,
  // +1.7 KiB on 2026-11-25 (#25): each card's days without activity against its stage's limit, its next action, and the Minhas tarefas route in the remote's manifest.
  // +0.3 KiB on 2026-11-26 (#35): the remote's manifest routes /contacts/{id} to the ficha, and the shell's skip link.
  // +0.5 KiB on 2026-11-26 (#35 items 3, 5, 7): ?novo=1&cliente= opens a new deal on a client, Esc gives the card back its focus, and the remote's manifest knows the written tasks.
  // +1.4 KiB on 2026-11-26 (#38): as every signed-in page, and each card's and contact's responsible member.
  // +0.3 KiB on 2026-11-27 (#38): the board's filter by member (the team is read once, for every screen of the remote).
  // +0.1 KiB on 2026-11-27 (#40): as every signed-in page.
  // +0.1 KiB on 2026-11-27 (#36): as /broker, and an empty column that is not a list (axe).
  // +0.1 KiB on 2026-11-28 (#57): as /dashboard (the forms' message), and the sale's attach toasts (web-kit's uploads report a refusal).
  // +0.7 KiB on 2026-11-28 (#58 items 3, 4): each card's responsible (initials, and in its name), the card dialog's
  // Responsável, and the remote's reference names reading the team.
  // +0.3 KiB on 2026-11-28 (#58 items 3, 8): an area the member's role does not open says so in its place (the onboarding gate reads the entry's roles); the remote's manifest knows the bulk reassignment's chunk.
  // +1.1 KiB on 2026-12-02 (#60): the remote's manifest routes /pipeline/{id} to a deal's page (the insured item and its quotes
  // load with it), and the shared form chunk carries react-hook-form's useFieldArray (the quote form's rows).
  // +0.2 KiB on 2026-12-02 (#60): the finalize and issue dialogs say when the CNSP 382 disclosure was not sent, and the
  // remote's manifest names the deal page's new parts (the persons form, the quotes sheet).
  // +0.3 KiB on 2026-12-02 (#61): the registry every app reads names the portal's service and its remote (a client's route), and web-kit's query client leaves the portal's 401 to the portal.
  // +0.1 KiB on 2026-12-02 (#61): on a remote's page the shell's entry asks for /remotes.json, the live version's remote.json and entry
  // before the app's code runs, and shows a route once the code its preload asked for is there (the portal's first page).
  // +0.1 KiB on 2026-12-02 (#61): money written from its cents' digits (no Intl object made when contracts load) and each
  // remaining Intl formatter made on first use: the first Intl object costs a page ~35–60 ms (the portal's first page).
  // +0.2 KiB on 2026-12-03 (#62): as /dashboard, and the remote's manifest routes /conversations (its page loads when opened).
  '/pipeline': 279.8,
  // −22 KiB on 2026-11-26: the contact form (and the rules it checks with) loads when it opens.
  // +0.5 KiB on 2026-11-26 (#35, #36): the remote's forms check their body with its schema before sending, and opens ?card= from the search.
  // +0.1 KiB on 2026-11-26 (#35 item 5): the remote's manifest knows the written tasks.
  // +1.4 KiB on 2026-11-26 (#38): as every signed-in page, and the ficha's Histórico de alterações (its section loads with the ficha).
  // +0.3 KiB on 2026-11-27 (#38): Contatos' filter by member (the team is read once, for every screen of the remote).
  // +0.2 KiB on 2026-11-27 (#40): as every signed-in page.
  // +0.2 KiB on 2026-11-27 (#36): as /pipeline (the same remote).
  // +0.1 KiB on 2026-11-28 (#57): as /pipeline, and the contacts filter's spec labels.
  // +0.4 KiB on 2026-11-28 (#58 item 3): Contatos' Responsável column, and the remote's reference names reading the team.
  // +0.1 KiB on 2026-11-28 (#58 item 8): an area the member's role does not open says so in its place (the onboarding gate reads the entry's roles).
  // +0.3 KiB on 2026-11-28 (#58 item 3): a manager's checkbox per client (the bar that gives them to a member loads once one is chosen).
  // +0.9 KiB on 2026-12-02 (#60): as /pipeline (the same remote's manifest and form chunk).
  // +0.2 KiB on 2026-12-02 (#60): as /pipeline (the same remote's manifest).
  // +0.3 KiB on 2026-12-02 (#61): the registry every app reads names the portal's service and its remote (a client's route), and web-kit's query client leaves the portal's 401 to the portal.
  // +0.1 KiB on 2026-12-02 (#61): money written from its cents' digits (no Intl object made when contracts load) and each
  // remaining Intl formatter made on first use: the first Intl object costs a page ~35–60 ms (the portal's first page).
  // +0.3 KiB on 2026-12-03 (#62): as /pipeline.
  '/contacts': 242.7,
  // +1 KiB on 2026-11-26 (#34): each product names its line (ramo), read from the one list of lines.
  // +0.5 KiB on 2026-11-26 (#36): the stage limits and the chargeback scale are checked with their schema before saving.
  // +1.1 KiB on 2026-11-26 (#38): as every signed-in page.
  // +0.3 KiB on 2026-11-28 (#58 item 8): an area the member's role does not open says so in its place (the onboarding gate reads the entry's roles), and the catalogues' controls shown by the contract's roles.
  // +0.4 KiB on 2026-12-02 (#60): contracts' messages and path kinds every remote reads (a quote's and a line's 404, a line's key in a path).
  // +0.4 KiB on 2026-12-02 (#61): as /login, and Configurações' 'Portal do cliente' tab (its page loads when opened).
  // +0.2 KiB on 2026-12-02 (#61): on a remote's page the shell's entry asks for /remotes.json, the live version's remote.json and entry
  // before the app's code runs, and shows a route once the code its preload asked for is there (the portal's first page).
  // +0.1 KiB on 2026-12-02 (#61): money written from its cents' digits (no Intl object made when contracts load) and each
  // remaining Intl formatter made on first use: the first Intl object costs a page ~35–60 ms (the portal's first page).
  // +3.8 KiB on 2026-12-03 (#62): as /dashboard, and Configurações' WhatsApp tab (a lazy chunk). A regression to look at:
  // the same build without the tab's entry measured 240.0 KiB (54 scripts); with it the first load also takes the
  // shell's Switch, Skeleton and Tabs chunks and a Fluent chunk (61 scripts) though the tab's own code waits to be opened.
  // +0.1 KiB on 2026-12-03 (#62): the settings page's chunk names the WhatsApp tab's larger set of lazy chunks (its Meta
  // template links and the month's cost; the tab's code still waits to be opened). Checked since: the page's own chunk
  // consumes Card, Skeleton, Switch and Tabs for its eager tabs (Produtos, Seguradoras, Origens), so the regression above is
  // not the WhatsApp tab's consumes; still to look at.
  // +0.1 KiB on 2026-12-03 (#62): the WhatsApp tab's chunk list grew again (the Checkbox that limits assistants, the
  // automations' links); the tab's code still waits to be opened.
  '/settings': 260.6,
};
const budgetOf = (route: string, fallback: number) => (HELD[route] ?? fallback / 1024) * 1024;
/** Root class names of Fluent's components and tabster's attribute: code that only Fluent has. */
const FLUENT_CODE =
  /fui-(?:Button|Card|Input|Field|Spinner|Text|Dialog|Menu|Table|Badge|Select|Checkbox|Switch|Textarea|Tab|ProgressBar|Skeleton|MessageBar|Toast|Link|Avatar|FluentProvider)\b|data-tabster/;
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface Measured {
  route: string;
  scripts: number;
  bytes: number;
  budget: number;
  remoteEntries: string[];
  /** Scripts of a remote that carry Fluent's own component or tabster code. */
  fluentInRemotes: string[];
  sizes: Map<string, number>;
}

async function measure(
  browser: Browser,
  base: string,
  route: string,
  budget: number,
  storageState?: Awaited<ReturnType<Awaited<ReturnType<typeof request.newContext>>['storageState']>>,
): Promise<Measured> {
  const context = await browser.newContext({ storageState, baseURL: base });
  const scripts = new Map<string, number>();
  const fluentInRemotes: string[] = [];
  try {
    const page = await context.newPage();
    page.on('response', async (response) => {
      const url = response.url();
      if (!new URL(url).pathname.endsWith('.js')) return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      scripts.set(url, gzipSync(body).length);
      if (new URL(url).pathname.startsWith('/remotes/') && FLUENT_CODE.test(body.toString('utf8')))
        fluentInRemotes.push(new URL(url).pathname);
    });
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    // The page rendered its own content, not the loading screen or the landing page.
    await page.locator('main, form').first().waitFor();
  } finally {
    await context.close();
  }
  return {
    route,
    scripts: scripts.size,
    bytes: [...scripts.values()].reduce((sum, size) => sum + size, 0),
    budget,
    remoteEntries: [...scripts.keys()].filter((url) => url.includes('remoteEntry')),
    fluentInRemotes,
    sizes: scripts,
  };
}

async function main(): Promise<void> {
  const base = process.env.BASE_URL;
  if (!base) throw new Error('BASE_URL must point at the running product (npm test sets it to nginx).');
  const api = await request.newContext({ baseURL: base });
  const email = `size-${randomUUID().slice(0, 8)}@corretora.test`;
  const registered = await api.post('/api/auth/register', { data: { name: 'Medida de Tamanho', email, password: 'senha-segura-123' } });
  if (registered.status() !== 201) throw new Error(`register: ${registered.status()} ${await registered.text()}`);
  const onboarded = await api.post('/api/broker-profile', { data: { ...EXAMPLE_BROKERAGE, isOnboardingComplete: true } });
  if (!onboarded.ok()) throw new Error(`onboarding: ${onboarded.status()} ${await onboarded.text()}`);
  // The brokerage's client portal, on: its address is where a client's route is measured.
  const portal = await api.put('/api/portal-settings', { data: { enabled: true, channels: { email: true, whatsapp: false } } });
  if (!portal.ok()) throw new Error(`portal settings: ${portal.status()} ${await portal.text()}`);
  const portalAddress = ((await portal.json()) as { publicPath: string }).publicPath;
  const session = await api.storageState();
  await api.dispose();

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const results: Measured[] = [];
  try {
    results.push(await measure(browser, base, '/login', budgetOf('/login', LOGIN_BUDGET)));
    for (const route of ['/dashboard', ...UPCOMING_AREAS.map((area) => `/${area.path}`)]) {
      results.push(await measure(browser, base, route, budgetOf(route, PAGE_BUDGET), session));
    }
    for (const route of remoteRoutes()) {
      // A client's route (the portal, #61) is measured as a client first opens it: signed out, on the
      // brokerage's address, held to /login's budget (the bar: a client's phone is no member's desk).
      if (route.audience === 'client') results.push(await measure(browser, base, portalAddress, budgetOf('/cliente', LOGIN_BUDGET)));
      else results.push(await measure(browser, base, `/${route.path}`, budgetOf(`/${route.path}`, PAGE_BUDGET), session));
    }
  } finally {
    await browser.close();
  }

  let failed = false;
  for (const result of results) {
    const over = result.bytes > result.budget;
    const entries = result.route === '/login' && result.remoteEntries.length > 0;
    const fluent = result.fluentInRemotes.length > 0;
    failed ||= over || entries || fluent;
    console.log(
      `${over || entries || fluent ? '✘' : '✔'} ${result.route.padEnd(14)} ${String(result.scripts).padStart(3)} scripts ${(result.bytes / 1024).toFixed(1).padStart(7)} KiB gzipped (budget ${result.budget / 1024} KiB)` +
        (over ? `, ${((result.bytes - result.budget) / 1024).toFixed(1)} KiB over` : '') +
        (entries ? ` fetched ${result.remoteEntries.join(', ')}` : '') +
        (fluent ? `, a second copy of Fluent in ${result.fluentInRemotes.join(', ')}` : ''),
    );
    if (process.env.SIZE_DETAIL) {
      for (const [url, size] of [...result.sizes].sort((a, b) => b[1] - a[1]))
        console.log(`    ${(size / 1024).toFixed(1).padStart(7)} KiB  ${new URL(url).pathname}`);
    }
  }
  if (failed) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
