import type { FileCopy } from './backup-files';

/** The version of the folder's layout: a restore refuses a layout it does not know. */
export const BACKUP_FORMAT = 1;

/** One table's rows, as `COPY … TO` wrote them (text format, gzip). */
export interface TableCopy extends FileCopy {
  schema: string;
  table: string;
  /** The stored columns in order (generated ones are computed again on restore). */
  columns: string[];
  rows: number;
}

/** One object of the store: its key, content type and the file holding its bytes. */
export interface ObjectCopy extends FileCopy {
  key: string;
  contentType: string;
}

/** What a backup folder holds, written last: a folder without it is an unfinished backup. */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  /** The product's release that wrote it (git commit when known). */
  release: { version: string; commit: string | null };
  postgres: string;
  /** Each service's schema and the migrations it had run, in order: a restore runs those, loads the rows, then upgrades. */
  schemas: { name: string; migrations: string[] }[];
  tables: TableCopy[];
  /** Sequences' positions (null: never used). */
  sequences: { schema: string; name: string; value: string | null }[];
  objects: {
    bucket: string;
    items: ObjectCopy[];
    /**
     * Keys the database named that were gone from the store when the copy reached them (a document
     * deleted while the backup ran). The product already treats such a row as a missing file.
     */
    missing: string[];
  };
  /** The published remotes (the gateway's store): path inside `remotes/`. */
  remotes: FileCopy[];
  /** The names of the secrets in secrets.json (never their values). */
  secrets: string[];
}

export const MANIFEST_FILE = 'manifest.json';
export const SECRETS_FILE = 'secrets.json';
