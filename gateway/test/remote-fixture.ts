import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REMOTES, promoteRemote, publishRemote, type RemoteName } from '@corretora/gateway-kit';

/** Any remote of the registry: the store treats each the same. */
export const REMOTE: RemoteName = REMOTES[0]!;

/** A remote's build as build-kit writes it: its description, its entry and a hashed chunk. */
export async function fakeBuild(dir: string, entry = 'var remote = 1;', name: string = REMOTE): Promise<string> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'remote.json'), JSON.stringify({ name, packageVersion: '1.0.0', requires: { react: '^19.2.0' } }));
  await writeFile(path.join(dir, 'remoteEntry.js'), entry);
  await writeFile(path.join(dir, '17.0123abcd.js'), 'console.log("chunk")');
  await writeFile(path.join(dir, '.build-stamp'), new Date().toISOString());
  return dir;
}

/** A store with one published, live version of REMOTE; its version. */
export async function liveRemote(store: string, buildDir: string): Promise<string> {
  const { version } = await publishRemote(store, await fakeBuild(buildDir));
  await promoteRemote(store, REMOTE, version);
  return version;
}
