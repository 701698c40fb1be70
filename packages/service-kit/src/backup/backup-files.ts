import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable, type Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A file of a backup: where it is inside the backup folder, its size and its sha256. */
export interface FileCopy {
  file: string;
  size: number;
  sha256: string;
}

/** Counts and hashes what passes through it. */
export function hashing(): Transform & { digest(): { size: number; sha256: string } } {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new PassThrough() as PassThrough & { digest(): { size: number; sha256: string } };
  stream.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    size += chunk.length;
  });
  let digest: { size: number; sha256: string } | null = null;
  stream.digest = () => (digest ??= { size, sha256: hash.digest('hex') });
  return stream;
}

/** Writes a stream to `target` (under the backup folder), through `steps`, hashing what lands on disk. */
export async function writeHashed(source: Readable, folder: string, file: string, steps: Transform[] = []): Promise<FileCopy> {
  const hash = hashing();
  const output: Writable = createWriteStream(path.join(folder, file), { mode: 0o600 });
  await pipeline([source, ...steps, hash, output]);
  return { file, ...hash.digest() };
}

/**
 * The sha256 of a file of the backup, checked against the manifest before it is used; a manifest
 * naming a file outside the folder (`../`, an absolute path) is refused before anything is read.
 */
export async function verifyFile(folder: string, copy: FileCopy): Promise<void> {
  const relative = path.relative(folder, path.resolve(folder, copy.file));
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new Error(`the manifest names ${copy.file}, outside the backup: the backup is damaged`);
  }
  const hash = hashing();
  await pipeline(createReadStream(path.join(folder, copy.file)), hash, new PassThrough().resume());
  const found = hash.digest();
  if (found.sha256 !== copy.sha256 || found.size !== copy.size) {
    throw new Error(`${copy.file} does not match the manifest (sha256 ${found.sha256}, ${found.size} bytes): the backup is damaged`);
  }
}

/** Every file under a folder, relative to it, sorted (a missing folder is empty). */
export async function filesUnder(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    const entries = await readdir(path.join(root, folder), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const relative = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(relative);
      else if (entry.isFile()) found.push(relative);
    }
  };
  if ((await stat(root).catch(() => null))?.isDirectory()) await walk('');
  return found.sort();
}

/** Runs `work` over `items`, `width` at a time. */
export async function eachLimited<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}
