import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { prepareDatabase, type ServiceRole } from '../database-roles';
import type { ObjectStore } from '../object-store';
import { BACKUP_FORMAT, MANIFEST_FILE, SECRETS_FILE, type BackupManifest } from './backup-manifest';
import { databaseHasRows, dumpDatabase, loadDatabase, orphanedRows, wipeDatabase } from './database-copy';
import { migrateAsRole } from './schema-migrations';
import { copyFolder, copyObjects, restoreFolder, restoreObjects } from './store-copy';

/** Where a book lives: its database (as the administrator), its store, the published remotes and the secrets. */
export interface BookPlace {
  adminUrl: string;
  store: ObjectStore;
  /** The gateway's remote store folder (null: not backed up or restored here). */
  remotesDir: string | null;
  /** The services' schemas (the registry's services). */
  schemas: readonly string[];
  /** Where a schema's migrations are (default: services/<schema>/migrations of this checkout). */
  migrationsDir?: (schema: string) => string;
  log: (line: string) => void;
}

/** A folder for secrets: its own user's only. Created so when missing; an existing one must be empty. */
async function privateFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const info = await stat(folder);
  if ((info.mode & 0o077) !== 0) {
    throw new Error(
      `${folder} can be read by other users (mode ${(info.mode & 0o777).toString(8)}): the backup holds the secrets; use a folder only its owner opens (chmod 700 ${folder})`,
    );
  }
  if ((await readdir(folder)).length > 0) throw new Error(`${folder} is not empty: give each backup a folder of its own`);
}

/**
 * `npm run backup`: the database in one snapshot, then every object of the store, the published
 * remotes and the secrets, with a manifest written last (counts, sizes, sha256 of every file).
 */
export async function takeBackup(
  place: BookPlace,
  folder: string,
  extra: { secrets: Record<string, string>; release: BackupManifest['release'] },
): Promise<BackupManifest> {
  await privateFolder(folder);
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const dump = await dumpDatabase(place.adminUrl, folder, place.schemas);
  const rows = dump.tables.reduce((sum, table) => sum + table.rows, 0);
  place.log(`database: ${dump.tables.length} tables, ${rows} rows (${elapsed()})`);
  const objects = await copyObjects(place.store, folder, dump.objectKeys);
  const bytes = objects.items.reduce((sum, item) => sum + item.size, 0);
  place.log(`store: ${objects.items.length} objects, ${(bytes / 1_048_576).toFixed(1)} MiB (${elapsed()})`);
  if (objects.missing.length > 0)
    place.log(`store: ${objects.missing.length} objects deleted while the backup ran (their rows show as missing files)`);
  const remotes = place.remotesDir ? await copyFolder(place.remotesDir, folder, 'remotes') : [];
  await writeFile(path.join(folder, SECRETS_FILE), `${JSON.stringify(extra.secrets, null, 2)}\n`, { mode: 0o600 });
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    release: extra.release,
    postgres: dump.postgres,
    schemas: dump.schemas,
    tables: dump.tables,
    sequences: dump.sequences,
    objects: { bucket: place.store.bucket, ...objects },
    remotes,
    secrets: Object.keys(extra.secrets).sort(),
  };
  await writeFile(path.join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  place.log(`backup written to ${folder} (${elapsed()})`);
  return manifest;
}

/** The manifest of a finished backup (a folder without one was never finished). */
export async function readManifest(folder: string): Promise<BackupManifest> {
  const text = await readFile(path.join(folder, MANIFEST_FILE), 'utf8').catch(() => null);
  if (text === null) throw new Error(`${folder} has no ${MANIFEST_FILE}: not a finished backup`);
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT)
    throw new Error(`${folder} is a backup of format ${String(manifest.format)}; this release reads ${BACKUP_FORMAT}`);
  return manifest;
}

/** The secrets a backup kept (the caller puts them where the product reads them). */
export async function readBackupSecrets(folder: string): Promise<Record<string, string>> {
  return JSON.parse(await readFile(path.join(folder, SECRETS_FILE), 'utf8')) as Record<string, string>;
}

/**
 * `npm run restore`: into an empty database and store (`force` empties them first). The roles and
 * schemas are prepared, each schema migrated as its role to the backup's last migration, the rows
 * loaded, then every schema upgraded to this release; the foreign keys are checked, the objects
 * and remotes put back. Every file is checked against the manifest before it is used.
 */
export async function restoreBackup(
  place: BookPlace,
  folder: string,
  options: { roles: readonly ServiceRole[]; force: boolean },
): Promise<BackupManifest> {
  const manifest = await readManifest(folder);
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  await place.store.ensureBucket();
  const occupied = (await databaseHasRows(place.adminUrl, place.schemas)) || (await place.store.listKeys('')).length > 0;
  if (occupied && !options.force) {
    throw new Error('the database or the store already holds data: restore fills an empty one (add --force to replace what is there)');
  }
  if (occupied) {
    place.log('--force: emptying the database and the store');
    await wipeDatabase(place.adminUrl, place.schemas);
    await place.store.removePrefix('');
  }
  await prepareDatabase(place.adminUrl, options.roles);
  for (const schema of manifest.schemas) await migrateAsRole(place.adminUrl, schema.name, schema.migrations, place.migrationsDir);
  await loadDatabase(place.adminUrl, folder, manifest);
  place.log(`database: ${manifest.tables.length} tables loaded (${elapsed()})`);
  for (const schema of place.schemas) await migrateAsRole(place.adminUrl, schema, 'latest', place.migrationsDir);
  const orphans = await orphanedRows(place.adminUrl, place.schemas);
  if (orphans.length > 0) {
    throw new Error(
      `restored rows point at rows that are not there: ${orphans.map((orphan) => `${orphan.constraint} (${orphan.rows})`).join(', ')}`,
    );
  }
  await restoreObjects(place.store, folder, manifest.objects.items);
  place.log(`store: ${manifest.objects.items.length} objects (${elapsed()})`);
  if (place.remotesDir) await restoreFolder(folder, 'remotes', place.remotesDir, manifest.remotes);
  return manifest;
}
