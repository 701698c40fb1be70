import { createHash, randomUUID } from 'node:crypto';
import { cp, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@corretora/registry';

/**
 * Where the gateway finds the remotes: one folder per remote, one immutable folder per published
 * version, and a pointer to the live one. The gateway serves `/remotes/<name>/<version>/…` from
 * here and `/remotes.json` from the document `promote` writes:
 *
 *   <store>/remotes.json                      { "<name>": "/remotes/<name>/<version>/remoteEntry.js", … }
 *   <store>/<name>/live.json                  { "version": "…", "previous": ["…", …] }
 *   <store>/<name>/<version>/remoteEntry.js   (and its chunks, and artifact.json)
 *
 * Every write is a rename of a complete file or folder, so a reader (nginx, the dev gateway, a
 * browser) sees the old state or the new one, never half of one.
 */
export const REMOTE_STORE_ENV = 'REMOTE_STORE';

/** What a published version says about itself (artifact.json). */
export interface Artifact {
  name: RemoteName;
  version: string;
  /** The shared modules it needs from the shell and the ranges it accepts. */
  requires: Record<string, string>;
  publishedAt: string;
}

export interface Pointer {
  version: string;
  /** Earlier live versions, most recent first: what rollback returns to. */
  previous: string[];
}

/**
 * `<package version>-<8 hex of the build's bytes>`: the same build always gets the same name. Also
 * nginx's pattern for a version folder, so it has no group of its own.
 */
export const VERSION_PATTERN = '[0-9]+\\.[0-9]+\\.[0-9]+-(?:[0-9a-z.]+-)?[0-9a-f]{8}';
const VERSION = new RegExp(`^${VERSION_PATTERN}$`);

export function isRemoteName(name: string): name is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(name);
}

export function isVersion(version: string): boolean {
  return VERSION.test(version);
}

async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  const nested = await Promise.all(
    // Dot files are the build's own bookkeeping (its stamp), not part of the artifact.
    entries
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => {
        const relative = path.posix.join(prefix, entry.name);
        return entry.isDirectory() ? filesUnder(dir, relative) : Promise.resolve(entry.isFile() ? [relative] : []);
      }),
  );
  return nested.flat().sort();
}

/** The content address of a build: every file's path and bytes, in a fixed order. */
export async function buildHash(distDir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await filesUnder(distDir)) {
    hash.update(file).update('\0');
    hash.update(await readFile(path.join(distDir, file))).update('\0');
  }
  return hash.digest('hex').slice(0, 8);
}

/** A remote's build describes itself (dist/remote.json, written by build-kit). */
interface RemoteDescription {
  name: string;
  packageVersion: string;
  requires: Record<string, string>;
}

async function describedBuild(distDir: string): Promise<RemoteDescription & { name: RemoteName }> {
  let description: RemoteDescription;
  try {
    description = JSON.parse(await readFile(path.join(distDir, 'remote.json'), 'utf8')) as RemoteDescription;
  } catch {
    throw new Error(`${distDir} is not a remote's build (no remote.json): build it first`);
  }
  if (!isRemoteName(description.name)) throw new Error(`${description.name} is not a remote of the registry`);
  if (!(await exists(path.join(distDir, 'remoteEntry.js')))) throw new Error(`${distDir} has no remoteEntry.js`);
  return { ...description, name: description.name };
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/** Writes a file by renaming a complete copy over it. */
async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, file);
}

function remoteDir(store: string, name: RemoteName): string {
  return path.join(store, name);
}

/**
 * Copies a remote's build into the store as a new immutable version (or finds it there already:
 * the same bytes make the same version). Nothing becomes live: that is `promote`.
 */
export async function publishRemote(store: string, distDir: string): Promise<{ name: RemoteName; version: string; created: boolean }> {
  const { name, packageVersion, requires } = await describedBuild(distDir);
  const version = `${packageVersion}-${await buildHash(distDir)}`;
  const target = path.join(remoteDir(store, name), version);
  if (await exists(target)) return { name, version, created: false };
  await mkdir(remoteDir(store, name), { recursive: true });
  // Copied under a hidden name (the gateway serves no dot folder), then renamed into place.
  const staging = path.join(remoteDir(store, name), `.staging-${randomUUID()}`);
  try {
    await cp(distDir, staging, { recursive: true, filter: (source) => !path.basename(source).startsWith('.') || source === distDir });
    const artifact: Artifact = { name, version, requires, publishedAt: new Date().toISOString() };
    await writeFile(path.join(staging, 'artifact.json'), `${JSON.stringify(artifact, null, 2)}\n`);
    await rename(staging, target);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    // Another publish of the same bytes won the rename: the version is there, which is all we wanted.
    if (await exists(path.join(target, 'remoteEntry.js'))) return { name, version, created: false };
    throw error;
  }
  return { name, version, created: true };
}

export async function readPointer(store: string, name: RemoteName): Promise<Pointer | null> {
  try {
    return JSON.parse(await readFile(path.join(remoteDir(store, name), 'live.json'), 'utf8')) as Pointer;
  } catch {
    return null;
  }
}

/** The document the shell reads at start: each remote's live entry. */
export async function liveDocument(store: string): Promise<Partial<Record<RemoteName, string>>> {
  const document: Partial<Record<RemoteName, string>> = {};
  for (const name of REMOTE_NAMES) {
    const pointer = await readPointer(store, name);
    if (pointer) document[name] = `/remotes/${name}/${pointer.version}/remoteEntry.js`;
  }
  return document;
}

async function writePointer(store: string, name: RemoteName, pointer: Pointer): Promise<void> {
  await writeAtomically(path.join(remoteDir(store, name), 'live.json'), `${JSON.stringify(pointer, null, 2)}\n`);
  await writeAtomically(path.join(store, 'remotes.json'), JSON.stringify(await liveDocument(store)));
}

async function requirePublished(store: string, name: RemoteName, version: string): Promise<void> {
  if (!isVersion(version)) throw new Error(`"${version}" is not a version of ${name} (e.g. 1.4.0-3f2a9c1b)`);
  if (!(await exists(path.join(remoteDir(store, name), version, 'remoteEntry.js')))) {
    throw new Error(`${name} ${version} is not published: \`remote list ${name}\` shows what is`);
  }
}

/** Makes a published version the live one: the next page load gets it. */
export async function promoteRemote(store: string, name: RemoteName, version: string): Promise<Pointer> {
  await requirePublished(store, name, version);
  const current = await readPointer(store, name);
  if (current?.version === version) return current;
  // The last twenty live versions are remembered: enough to go back, never a growing file.
  const previous = current ? [current.version, ...current.previous.filter((older) => older !== version)].slice(0, 20) : [];
  const pointer = { version, previous };
  await writePointer(store, name, pointer);
  return pointer;
}

/** Puts back the version that was live before the current one. */
export async function rollbackRemote(store: string, name: RemoteName): Promise<Pointer> {
  const current = await readPointer(store, name);
  const [back, ...older] = current?.previous ?? [];
  if (!current || !back) throw new Error(`${name} has no earlier live version to go back to`);
  await requirePublished(store, name, back);
  const pointer = { version: back, previous: older };
  await writePointer(store, name, pointer);
  return pointer;
}

export interface ListedVersion {
  version: string;
  publishedAt: string;
  live: boolean;
}

/** Every published version of a remote, newest first. */
export async function listRemote(store: string, name: RemoteName): Promise<ListedVersion[]> {
  const pointer = await readPointer(store, name);
  let entries: string[];
  try {
    entries = await readdir(remoteDir(store, name));
  } catch {
    return [];
  }
  const versions = await Promise.all(
    entries.filter(isVersion).map(async (version) => {
      const artifact = JSON.parse(await readFile(path.join(remoteDir(store, name), version, 'artifact.json'), 'utf8')) as Artifact;
      return { version, publishedAt: artifact.publishedAt, live: pointer?.version === version };
    }),
  );
  return versions.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
}
