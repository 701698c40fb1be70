/**
 * Keeps package-lock.json acceptable to `npm ci` when the registry this machine reaches lacks some
 * platform builds of a native package (@swc/core-darwin-arm64, …). npm 11.16+ then leaves those
 * optional packages out of the lock file it writes and rejects that very lock file in `npm ci`
 * (npm/cli#9846). We add the entry npm would have written on a full registry: name, version and
 * the os/cpu/libc it targets, so `npm ci` validates and skips it on every other platform.
 *
 * Run after any `npm install` that changes the lock file: `npm run lock:placeholders`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  license?: string;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
}

interface LockFile {
  packages: Record<string, LockEntry>;
}

const OPERATING_SYSTEMS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openharmony', 'sunos', 'aix'];
const CPUS = ['arm64', 'x64', 'arm', 'ia32', 'ppc64', 's390x', 'loong64', 'riscv64', 'mips64el'];

export interface Platform {
  os: string[];
  cpu: string[];
  libc?: string[];
}

/** Reads the target platform from a platform package's name: `@swc/core-linux-arm-gnueabihf`. */
export function platformFromName(name: string): Platform | undefined {
  const parts = name.split('/').pop()!.split('-');
  const osIndex = parts.findIndex((part) => OPERATING_SYSTEMS.includes(part));
  const os = parts[osIndex];
  const cpu = parts[osIndex + 1];
  if (!os || !cpu || !CPUS.includes(cpu)) return undefined;
  const abi = parts[osIndex + 2] ?? '';
  const platform: Platform = { os: [os], cpu: [cpu] };
  if (os === 'linux' && abi.startsWith('gnu')) platform.libc = ['glibc'];
  if (os === 'linux' && abi.startsWith('musl')) platform.libc = ['musl'];
  return platform;
}

function installedLocation(packages: LockFile['packages'], parentKey: string, name: string): string | undefined {
  // Node's resolution: the parent's own node_modules, then each enclosing node_modules up to the root.
  let base = parentKey;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut < 0 ? '' : base.slice(0, cut);
  }
}

/** Adds the missing platform entries; returns the names it added. */
export function addPlatformPlaceholders(lock: LockFile): string[] {
  const added: string[] = [];
  for (const [key, entry] of Object.entries(lock.packages)) {
    const optional = entry.optionalDependencies;
    if (!optional || !key) continue;
    const siblings = Object.keys(optional)
      .map((name) => installedLocation(lock.packages, key, name))
      .filter((location): location is string => location !== undefined);
    const template = siblings[0] === undefined ? undefined : lock.packages[siblings[0]];
    if (!template) continue; // not a package that ships per-platform builds we recorded
    for (const [name, version] of Object.entries(optional)) {
      if (installedLocation(lock.packages, key, name)) continue;
      const platform = platformFromName(name);
      // wasm32 builds and the like run anywhere the registry serves them; npm resolves those itself.
      if (!platform) continue;
      if (!/^\d+\.\d+\.\d+/.test(version)) throw new Error(`${name}@${version}: expected an exact version`);
      const placeholder: LockEntry = { version, ...platform, optional: true };
      if (template.dev) placeholder.dev = true;
      if (template.license) placeholder.license = template.license;
      const parentFolder = key.slice(0, key.lastIndexOf('node_modules/'));
      lock.packages[`${parentFolder}node_modules/${name}`] = placeholder;
      added.push(`${name}@${version}`);
    }
  }
  lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => a.localeCompare(b, 'en')));
  return added;
}

async function main(): Promise<void> {
  const file = path.resolve(process.argv[2] ?? 'package-lock.json');
  const lock = JSON.parse(await readFile(file, 'utf8')) as LockFile;
  const added = addPlatformPlaceholders(lock);
  await writeFile(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(added.length ? `added ${added.length} platform entries:\n  ${added.join('\n  ')}` : 'lock file complete');
}

if (process.argv[1]?.endsWith('lock-placeholders.ts')) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
