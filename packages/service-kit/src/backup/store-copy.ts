import { createReadStream } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { ObjectStore } from '../object-store';
import { eachLimited, filesUnder, verifyFile, writeHashed, type FileCopy } from './backup-files';
import type { ObjectCopy } from './backup-manifest';

/** Objects go to files named by their key, encoded: a key never names a path outside the folder. */
const objectFile = (key: string) => path.join('objects', encodeURIComponent(key));

/**
 * Every object of the bucket, copied after the database's snapshot: an object is stored before the
 * row naming it commits, so every row of the snapshot finds its object here unless it was deleted
 * meanwhile (reported as missing).
 */
export async function copyObjects(
  store: ObjectStore,
  folder: string,
  named: ReadonlySet<string>,
): Promise<{ items: ObjectCopy[]; missing: string[] }> {
  await mkdir(path.join(folder, 'objects'), { recursive: true, mode: 0o700 });
  const keys = await store.listKeys('');
  const items: ObjectCopy[] = [];
  await eachLimited(keys, 4, async (key) => {
    try {
      const { contentType } = await store.statObject(key);
      const copy = await writeHashed(await store.getObject(key), folder, objectFile(key));
      items.push({ key, contentType, ...copy });
    } catch (error) {
      // Listed, then deleted before its turn: not part of the book any more.
      const code = (error as { code?: string }).code;
      if (code !== 'NoSuchKey' && code !== 'NotFound') throw error;
    }
  });
  items.sort((a, b) => a.key.localeCompare(b.key));
  const copied = new Set(items.map((item) => item.key));
  return { items, missing: [...named].filter((key) => !copied.has(key)).sort() };
}

/** Puts every object of the backup back, each checked against its sha256 first. */
export async function restoreObjects(store: ObjectStore, folder: string, items: readonly ObjectCopy[]): Promise<void> {
  await store.ensureBucket();
  await eachLimited(items, 4, async (item) => {
    await verifyFile(folder, item);
    await store.putFile(item.key, path.join(folder, item.file), item.size, item.contentType);
  });
}

/** The published remotes (the gateway's store folder), file by file. */
export async function copyFolder(source: string, folder: string, into: string): Promise<FileCopy[]> {
  const copies: FileCopy[] = [];
  for (const file of await filesUnder(source)) {
    await mkdir(path.dirname(path.join(folder, into, file)), { recursive: true, mode: 0o700 });
    copies.push(await writeHashed(createReadStream(path.join(source, file)), folder, path.join(into, file)));
  }
  return copies;
}

/** Puts the remotes back into the gateway's store folder. */
export async function restoreFolder(folder: string, from: string, target: string, files: readonly FileCopy[]): Promise<void> {
  for (const copy of files) {
    const relative = path.relative(from, copy.file);
    if (relative.startsWith('..') || path.isAbsolute(relative)) throw new Error(`${copy.file} is outside ${from}: the backup is damaged`);
    await verifyFile(folder, copy);
    await mkdir(path.dirname(path.join(target, relative)), { recursive: true });
    await copyFile(path.join(folder, copy.file), path.join(target, relative));
  }
}
