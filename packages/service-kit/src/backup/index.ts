export { readManifest, restoreBackup, takeBackup, type BookPlace } from './backup';
export { BACKED_UP_SECRETS, currentRelease, parseBookCommand, runBookCommand, type BookCommand } from './book-command';
export { MANIFEST_FILE, SECRETS_FILE, type BackupManifest } from './backup-manifest';
export { orphanedRows } from './database-copy';
export { migrateAsRole } from './schema-migrations';
