import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { ServiceRole } from '../database-roles';
import type { BackupManifest } from './backup-manifest';
import { readBackupSecrets, readManifest, restoreBackup, takeBackup, type BookPlace } from './backup';

/** The secrets a backup keeps: the insurer portal passwords' key above all (without it they cannot be read). */
export const BACKED_UP_SECRETS = ['SESSION_KEYS', 'INTERNAL_TOKEN', 'INSURER_PASSWORD_KEY'] as const;

export interface BookCommand {
  action: 'backup' | 'restore';
  folder: string;
  force: boolean;
}

/** `backup <folder>` or `restore <folder> [--force]`; anything else says how it is used. */
export function parseBookCommand(argv: readonly string[]): BookCommand {
  const [action, ...rest] = argv;
  const force = rest.includes('--force');
  const folders = rest.filter((arg) => arg !== '--force');
  if ((action !== 'backup' && action !== 'restore') || folders.length !== 1 || (force && action === 'backup')) {
    throw new Error('usage: npm run backup -- <folder>   |   npm run restore -- <folder> [--force]');
  }
  return { action, folder: path.resolve(folders[0]!), force };
}

function gitCommit(root: string): string | null {
  try {
    return (
      execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() || null
    );
  } catch {
    // No git (an image): RELEASE names the release.
    return null;
  }
}

/** The release whose book is backed up: RELEASE when set (an image, another checkout), else this checkout's commit. */
export function currentRelease(root: string, env: NodeJS.ProcessEnv = process.env): BackupManifest['release'] {
  // A backup of another checkout's product (an upgrade test's fixture) names that release.
  if (env.RELEASE) return { version: env.RELEASE, commit: null };
  const commit = gitCommit(root);
  return { version: commit?.slice(0, 12) ?? 'unknown', commit };
}

/**
 * Runs one command against a place: a backup with the secrets given; a restore with the roles
 * given, handing back the backup's secrets for the caller to put where the product reads them.
 */
export async function runBookCommand(
  command: BookCommand,
  place: BookPlace,
  context: {
    secrets: Record<string, string>;
    roles: () => readonly ServiceRole[] | Promise<readonly ServiceRole[]>;
    release: BackupManifest['release'];
  },
): Promise<{ manifest: BackupManifest; secrets: Record<string, string> }> {
  if (command.action === 'backup') {
    if (!context.secrets.INSURER_PASSWORD_KEY) {
      place.log('INSURER_PASSWORD_KEY is not set here: the backup cannot give back the insurer portal passwords without it');
    }
    return {
      manifest: await takeBackup(place, command.folder, { secrets: context.secrets, release: context.release }),
      secrets: context.secrets,
    };
  }
  await readManifest(command.folder);
  const secrets = await readBackupSecrets(command.folder);
  const manifest = await restoreBackup(place, command.folder, { roles: await context.roles(), force: command.force });
  return { manifest, secrets };
}
