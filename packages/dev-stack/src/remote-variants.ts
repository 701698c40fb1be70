import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BUILD_CONCURRENCY } from './apps';
import { REPO_ROOT, run } from './processes';

/**
 * Other builds of the remotes, for the journeys that ship a remote on its own: versions with a
 * visible change (finance's and the client portal's), and versions of finance built against other
 * web-kit releases. Each is the remote's own
 * sources built by build-kit as its team would; a web-kit release other than the repository's is a
 * copy of web-kit carrying that version, which the variant resolves instead (as an npm install of
 * that release would). Built once per test run, under .data (ignored by git, lint and tsc).
 */

/** A visible change a variant makes to its remote's sources: `from` must be there, or the variant is out of date. */
interface Change {
  file: string;
  from: string;
  to: string;
}

interface Variant {
  /** The remote it is a build of. */
  remote: 'mfe-finance' | 'mfe-portal';
  /** The web-kit range the remote declares (what it accepts from the shell). */
  webKitRange: string;
  /** The web-kit release it is built against; the repository's when absent. */
  webKitVersion?: string;
  change?: Change;
}

export const VARIANTS = {
  /** Today's finance remote with a visible change. */
  changed: {
    remote: 'mfe-finance',
    webKitRange: '^1.1.0',
    change: {
      file: 'src/app/documents-page.tsx',
      from: 'Apólices, sinistros, contratos e formulários da corretora',
      to: 'Nova versão do módulo financeiro: documentos da corretora',
    },
  },
  /** Built a release ago, against web-kit 1.1 (N−1). */
  'previous-minor': { remote: 'mfe-finance', webKitRange: '^1.1.0', webKitVersion: '1.1.0' },
  /** Built against web-kit 1.3, using nothing newer than 1.2 (N+1). */
  'next-minor': { remote: 'mfe-finance', webKitRange: '^1.2.0', webKitVersion: '1.3.0' },
  /** Built against web-kit 2, which the shell cannot give. */
  'next-major': { remote: 'mfe-finance', webKitRange: '^2.0.0', webKitVersion: '2.0.0' },
  /** The client portal with a visible change on its sign-in page: the second audience's remote ships alone too. */
  'portal-changed': {
    remote: 'mfe-portal',
    webKitRange: '^1.2.0',
    change: {
      file: 'src/features/sign-in/sign-in-page.tsx',
      from: 'Consulte suas apólices, parcelas e sinistros',
      to: 'Nova versão do portal: suas apólices, parcelas e sinistros',
    },
  },
} satisfies Record<string, Variant>;

export type VariantName = keyof typeof VARIANTS;

export const VARIANTS_DIR = path.join(REPO_ROOT, '.data', 'remote-variants');

async function prepare(name: VariantName, variant: Variant): Promise<string> {
  const root = path.join(VARIANTS_DIR, name);
  const dir = path.join(root, variant.remote);
  await rm(root, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const source = path.join(REPO_ROOT, variant.remote);
  await cp(path.join(source, 'src'), path.join(dir, 'src'), { recursive: true });
  await cp(path.join(source, 'webpack.config.ts'), path.join(dir, 'webpack.config.ts'));
  const manifest = JSON.parse(await readFile(path.join(source, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  manifest.dependencies['@corretora/web-kit'] = variant.webKitRange;
  await writeFile(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  if (variant.change) {
    const { file, from, to } = variant.change;
    const text = await readFile(path.join(dir, file), 'utf8');
    if (!text.includes(from)) throw new Error(`${variant.remote}/${file} no longer says "${from}": update remote-variants.ts`);
    await writeFile(path.join(dir, file), text.replace(from, to));
  }
  if (variant.webKitVersion) {
    // The release sits outside node_modules (so the build compiles its TypeScript, as it does the
    // workspace's) and is linked where the remote resolves @corretora/web-kit.
    const webKit = path.join(root, 'web-kit');
    await cp(path.join(REPO_ROOT, 'packages', 'web-kit', 'src'), path.join(webKit, 'src'), { recursive: true });
    const webKitManifest = JSON.parse(await readFile(path.join(REPO_ROOT, 'packages', 'web-kit', 'package.json'), 'utf8')) as {
      version: string;
    };
    webKitManifest.version = variant.webKitVersion;
    await writeFile(path.join(webKit, 'package.json'), `${JSON.stringify(webKitManifest, null, 2)}\n`);
    // The dependencies npm installed for web-kit alone (not hoisted) come with the release.
    const ownModules = path.join(REPO_ROOT, 'packages', 'web-kit', 'node_modules');
    if (existsSync(ownModules)) await symlink(ownModules, path.join(webKit, 'node_modules'), 'dir');
    await mkdir(path.join(dir, 'node_modules', '@corretora'), { recursive: true });
    await symlink(webKit, path.join(dir, 'node_modules', '@corretora', 'web-kit'), 'dir');
  }
  return dir;
}

/** Builds every variant, each into its own dist, as many at a time as the apps (apps.ts). */
export async function buildRemoteVariants(log: (line: string) => void): Promise<void> {
  const queue = Object.entries(VARIANTS) as [VariantName, Variant][];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [name, variant] = next;
      const dir = await prepare(name, variant);
      log(`building ${variant.remote} (${name})…`);
      const cli = path.join(REPO_ROOT, 'packages', 'build-kit', 'src', 'cli.ts');
      const code = await run(process.execPath, ['--import', 'tsx', cli, 'build'], process.env, dir);
      if (code !== 0) throw new Error(`build of ${variant.remote} (${name}) failed (exit ${code})`);
    }
  };
  await Promise.all(Array.from({ length: BUILD_CONCURRENCY }, worker));
}
