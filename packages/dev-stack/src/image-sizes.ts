/**
 * `npm run image-sizes`: what each image adds to its base, computed from the layers' contents
 * without a Docker engine. Each runtime stage of the Dockerfile is reproduced in a temporary folder
 * (the same COPY sources, the same `npm ci --omit=dev`, from npm's cache when it has the packages)
 * and its files are summed; the build stage, which every image used to copy whole, is measured from
 * this checkout (its sources and node_modules). Needs the apps built (`npm run build`).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTE_NAMES, SERVICE_NAMES } from '@corretora/registry';
import { REPO_ROOT } from './processes';

const MiB = 1024 * 1024;

/** Bytes of the files under a folder (links counted as links, as a layer stores them). */
function bytesUnder(target: string, skip: ReadonlySet<string> = new Set()): number {
  const stat = lstatSync(target);
  if (!stat.isDirectory()) return stat.size;
  let total = 0;
  for (const entry of readdirSync(target)) {
    if (!skip.has(entry)) total += bytesUnder(path.join(target, entry), skip);
  }
  return total;
}

/** A stage's /app: the manifests and the folders it copies, then its `npm ci`. */
function reproduceStage(folders: string[], workspaces: string[]): { dir: string; bytes: number } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'corretora-image-'));
  for (const file of ['package.json', 'package-lock.json']) cpSync(path.join(REPO_ROOT, file), path.join(dir, file));
  for (const folder of folders) {
    cpSync(path.join(REPO_ROOT, folder), path.join(dir, folder), {
      recursive: true,
      // .dockerignore: no node_modules, no dist
      filter: (source) => !/[/\\](node_modules|dist)([/\\]|$)/.test(path.relative(REPO_ROOT, source)),
    });
  }
  execFileSync(
    'npm',
    ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', ...workspaces.flatMap((name) => ['-w', name])],
    { cwd: dir, stdio: 'ignore' },
  );
  return { dir, bytes: bytesUnder(dir) };
}

function main(): void {
  for (const remote of REMOTE_NAMES) {
    if (!existsSync(path.join(REPO_ROOT, remote, 'dist', 'remoteEntry.js'))) throw new Error(`${remote} is not built: npm run build first`);
  }
  const rows: Record<string, { 'MiB added to the base image': number; 'before (the whole build stage)': number | string }> = {};
  const before = Math.round(bytesUnder(REPO_ROOT, new Set(['.git', '.data', 'dist'])) / MiB);
  const service = reproduceStage(
    ['packages', 'services'],
    SERVICE_NAMES.map((name) => `services/${name}`),
  );
  rows['corretora/service (5 services, db-init, s3-init)'] = {
    'MiB added to the base image': Math.round(service.bytes / MiB),
    'before (the whole build stage)': before,
  };
  rmSync(service.dir, { recursive: true, force: true });
  const remoteDeps = reproduceStage(['packages'], ['packages/gateway-kit']);
  for (const remote of REMOTE_NAMES) {
    const dist = bytesUnder(path.join(REPO_ROOT, remote, 'dist'));
    rows[`corretora/${remote}`] = {
      'MiB added to the base image': Math.round(((remoteDeps.bytes + dist) / MiB) * 10) / 10,
      'before (the whole build stage)': before,
    };
  }
  rmSync(remoteDeps.dir, { recursive: true, force: true });
  rows['corretora/gateway (nginx: shell, configuration, API reference)'] = {
    'MiB added to the base image': Math.round((bytesUnder(path.join(REPO_ROOT, 'shell', 'dist')) / MiB) * 10) / 10,
    'before (the whole build stage)': 'same',
  };
  console.log('Image contents over their base (node:26-bookworm-slim, nginx:1.28.0-bookworm), from the layers reproduced here:');
  console.table(rows);
}

main();
