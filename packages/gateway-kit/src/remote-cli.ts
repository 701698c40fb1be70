import { spawn } from 'node:child_process';
import path from 'node:path';
import { REMOTE_NAMES } from '@corretora/registry';
import { REMOTE_STORE_ENV, isRemoteName, listRemote, promoteRemote, publishRemote, readPointer, rollbackRemote } from './remote-store';

const REPO_ROOT = path.resolve(__dirname, '../../..');

const USAGE = `Ships one remote on its own (npm run remote -- <command>):
  build <remote>              builds it (webpack) into <remote>/dist
  publish <remote> [--dist D] copies a build into the store as a new immutable version, prints it
  promote <remote> <version>  makes that version live: the next page load gets it
  ship <remote> [--dist D]    build (unless given a build), publish and promote
  list <remote>               the published versions, newest first, the live one marked
  rollback <remote>           back to the version that was live before
Remotes: ${REMOTE_NAMES.join(', ')}.
Store: $${REMOTE_STORE_ENV}, else .data/remotes (what npm start serves).`;

function storeDir(): string {
  return path.resolve(process.env[REMOTE_STORE_ENV] ?? path.join(REPO_ROOT, '.data', 'remotes'));
}

function build(remote: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '--silent', '-w', `@corretora/${remote}`], { cwd: REPO_ROOT, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the build of ${remote} failed`))));
  });
}

async function publish(remote: string, dist?: string): Promise<string> {
  const published = await publishRemote(storeDir(), path.resolve(dist ?? path.join(REPO_ROOT, remote, 'dist')));
  if (published.name !== remote) throw new Error(`that build is of ${published.name}, not ${remote}`);
  console.log(`${remote} ${published.version} ${published.created ? 'published' : 'was already published (same bytes)'}`);
  return published.version;
}

function distOption(args: string[]): string | undefined {
  const flag = args.indexOf('--dist');
  if (flag < 0) return undefined;
  const dist = args[flag + 1];
  if (!dist) throw new Error('--dist needs the folder of a build');
  return dist;
}

async function main(): Promise<void> {
  const [command, remote, ...rest] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return;
  }
  if (!remote || !isRemoteName(remote)) throw new Error(`name a remote: ${REMOTE_NAMES.join(', ')}\n\n${USAGE}`);
  const store = storeDir();
  switch (command) {
    case 'build':
      return build(remote);
    case 'publish': {
      await publish(remote, distOption(rest));
      return;
    }
    case 'promote': {
      const version = rest[0];
      if (!version) throw new Error('promote needs a version: `npm run remote -- list <remote>` shows them');
      const pointer = await promoteRemote(store, remote, version);
      console.log(`${remote} ${pointer.version} is live (before: ${pointer.previous[0] ?? 'nothing'})`);
      return;
    }
    case 'ship': {
      const dist = distOption(rest);
      if (!dist) await build(remote);
      const pointer = await promoteRemote(store, remote, await publish(remote, dist));
      console.log(`${remote} ${pointer.version} is live (before: ${pointer.previous[0] ?? 'nothing'})`);
      return;
    }
    case 'list': {
      const versions = await listRemote(store, remote);
      if (versions.length === 0) console.log(`${remote} has no published version in ${store}`);
      for (const entry of versions) console.log(`${entry.live ? '*' : ' '} ${entry.version}  ${entry.publishedAt}`);
      return;
    }
    case 'rollback': {
      const before = await readPointer(store, remote);
      const pointer = await rollbackRemote(store, remote);
      console.log(`${remote} ${pointer.version} is live again (was ${before?.version ?? '?'})`);
      return;
    }
    default:
      throw new Error(`unknown command ${command}\n\n${USAGE}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
