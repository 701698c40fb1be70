import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteRouteOf, type RemoteName } from '@corretora/registry';
import type { QueryClient } from '@tanstack/react-query';
import type { RemoteManifest } from '@corretora/web-kit';
import { unmetRequirements } from './compatibility';
import { takeEarly } from './early-remotes';

let remoteUrls: Promise<Record<string, string>> | null = null;
/** The live entries once known: each names its version (/remotes/<name>/<version>/remoteEntry.js). */
let liveEntries: Record<string, string> = {};

/** The text values of a JSON object (/remotes.json's entries, remote.json's requirements); anything else is ignored. */
function textEntries(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * Which version of each remote is live comes from the gateway at run time (/remotes.json, written
 * when a version is promoted), read once per page load: a remote ships without rebuilding the shell.
 */
function fetchRemoteUrls(): Promise<Record<string, string>> {
  remoteUrls ??= (takeEarly('/remotes.json') ?? fetch('/remotes.json', { credentials: 'same-origin' })).then(async (response) => {
    if (!response.ok) throw new Error(`remotes.json: ${response.status}`);
    liveEntries = textEntries(await response.json());
    return liveEntries;
  });
  remoteUrls.catch(() => {
    remoteUrls = null;
  });
  return remoteUrls;
}

const containerName = (name: RemoteName) => name.replace(/-/g, '_');

declare const __SHARED_PROVIDED__: Record<string, string> | undefined;
/** What this shell provides to remotes, module -> version (compiled in by build-kit). */
const PROVIDED: Record<string, string> = typeof __SHARED_PROVIDED__ === 'undefined' ? {} : __SHARED_PROVIDED__;

/**
 * A remote's build says what it requires (remote.json, next to its entry). One the shell cannot
 * satisfy is not loaded at all, with the reason; a build without the file is left to the
 * federation runtime's own check (strictVersion).
 */
async function checkRequirements(name: RemoteName, entry: string): Promise<void> {
  const url = entry.replace(/remoteEntry\.js$/, 'remote.json');
  const response = await (takeEarly(url) ?? fetch(url, { credentials: 'same-origin' })).catch(() => null);
  if (!response?.ok) return;
  const body: unknown = await response.json();
  const requires = typeof body === 'object' && body !== null && 'requires' in body ? textEntries(body.requires) : {};
  const unmet = unmetRequirements(requires, PROVIDED);
  if (unmet.length > 0) throw new Error(`${name} requer ${unmet.join(', ')}`);
}

const manifests = new Map<RemoteName, Promise<RemoteManifest>>();

/**
 * A remote's manifest, loaded once per page (the boot's warm-up, the preload and the route share
 * it); `retry` re-fetches its entry. A failure is forgotten, so the next ask tries again.
 */
export function loadRemoteManifest(name: RemoteName, retry: boolean): Promise<RemoteManifest> {
  let manifest = retry ? undefined : manifests.get(name);
  if (!manifest) {
    manifest = fetchManifest(name, retry);
    manifests.set(name, manifest);
    manifest.catch(() => {
      if (manifests.get(name) === manifest) manifests.delete(name);
    });
  }
  return manifest;
}

async function fetchManifest(name: RemoteName, retry: boolean): Promise<RemoteManifest> {
  const urls = await fetchRemoteUrls();
  const entry = urls[name];
  if (!entry) throw new Error(`remote ${name} is not deployed`);
  await checkRequirements(name, entry);
  registerRemotes([{ name: containerName(name), entry }], { force: retry });
  const module = await loadRemote<{ default: RemoteManifest }>(`${containerName(name)}/manifest`);
  if (!module?.default?.routes) throw new Error(`remote ${name} did not load`);
  return module.default;
}

/**
 * A remote area that failed (unreachable, broken, or asking for shared modules the shell cannot
 * give: another web-kit major, say) is isolated by the shell; this says so where people look: the
 * browser console, and the gateway's log (one POST per failure, the details in its address).
 */
export function reportRemoteFailure(name: RemoteName, error: unknown): void {
  const version = /^\/remotes\/[^/]+\/([^/]+)\//.exec(liveEntries[name] ?? '')?.[1] ?? 'desconhecida';
  const reason = error instanceof Error ? error.message : String(error);
  console.error(`Corretora CRM: a área ${name} (versão ${version}) não carregou e foi isolada. ${reason}`);
  const details = new URLSearchParams({ remote: name, version, error: reason.slice(0, 300) });
  fetch(`/remote-errors?${details.toString()}`, { method: 'POST', keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
}

/**
 * At boot, on a remote's path: its entry and manifest start loading beside the session check
 * instead of after it (code only: the route's data waits for a signed-in user, preloadRemoteRoute).
 */
export function warmRemoteArea(pathname: string): void {
  const route = remoteRouteOf(pathname);
  if (route) loadRemoteManifest(route.remote, false).catch(() => undefined);
}

const preloaded = new Set<string>();
/** What each preloaded route's preload said its code is (a promise), by remote and route. */
const routeCode = new Map<string, Promise<unknown>>();

/** How long a route waits for the code its preload asked for before it shows anyway (its own loading takes over). */
const ROUTE_CODE_WAIT_MS = 5_000;

/**
 * The route's code as its preload asked for it, settled (failed or not: the route's own loading then
 * reports a failure); at once when the route has no preload or it was not started.
 */
export function routeCodeReady(remote: RemoteName, path: string): Promise<unknown> {
  const code = routeCode.get(`${remote}/${path}`);
  if (!code) return Promise.resolve();
  return Promise.race([code.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, ROUTE_CODE_WAIT_MS))]);
}

/**
 * When `pathname` belongs to a remote, starts loading its manifest and then what the route says it
 * needs (its page's code, its first queries), without waiting for the layout or the onboarding
 * check to render: the page then finds them loaded or in flight. Once per route; a failure is
 * forgotten so the route's own load reports it and a later visit tries again.
 */
export function preloadRemoteRoute(pathname: string, queryClient: QueryClient): void {
  const route = remoteRouteOf(pathname);
  if (!route) return;
  const key = `${route.remote}/${route.path}`;
  if (preloaded.has(key)) return;
  preloaded.add(key);
  const code = loadRemoteManifest(route.remote, false).then(
    (manifest) => manifest.routes.find((candidate) => candidate.path === route.path)?.preload?.(queryClient),
    (error: unknown) => {
      preloaded.delete(key);
      routeCode.delete(key);
      throw error;
    },
  );
  routeCode.set(key, code);
}
