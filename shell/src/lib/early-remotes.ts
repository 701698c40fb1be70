/**
 * On a remote's page the entry itself asks for what the remote's loading will need, before the
 * app's code has loaded and rendered (which took ~300 ms of the portal's first page on this
 * machine): /remotes.json, then the live version's remote.json. Not its entry: only lib/remotes
 * knows whether the shell can give what the remote requires, and a remote it cannot run is never
 * fetched. Plain fetches, nothing shared: it runs before Module Federation's async boundary.
 * lib/remotes takes each answer once, or fetches it itself.
 */
const early = new Map<string, Promise<Response>>();

export function startRemoteEarly(remote: string): void {
  const remotes = fetch('/remotes.json', { credentials: 'same-origin' });
  early.set('/remotes.json', remotes);
  remotes
    .then((response) => (response.ok ? response.clone().json() : undefined))
    .then((body: unknown) => {
      const entry: unknown =
        typeof body === 'object' && body !== null ? Object.entries(body).find(([name]) => name === remote)?.[1] : undefined;
      if (typeof entry !== 'string' || !/^\/remotes\/[\w-]+\/[\w.-]+\/remoteEntry\.js$/.test(entry)) return;
      const requirements = entry.replace(/remoteEntry\.js$/, 'remote.json');
      early.set(requirements, fetch(requirements, { credentials: 'same-origin' }));
    })
    .catch(() => undefined);
}

/** The early answer for `url`, once (undefined: none was asked, or it was taken). */
export function takeEarly(url: string): Promise<Response> | undefined {
  const answer = early.get(url);
  early.delete(url);
  return answer;
}
