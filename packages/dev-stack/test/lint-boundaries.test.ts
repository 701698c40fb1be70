import { spawnSync } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const ESLINT = path.join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js');
/**
 * The files this test writes are named lint-probe-<name>: `npm run lint` and tsc, which may run at
 * the same time (npm test's other lane), leave them out (eslint.config.ts, .prettierignore, knip.ts,
 * tsconfig.json), and this test lints them with --no-ignore and their own program
 * (tsconfig.lint-probe.json).
 */
const PROBE = 'lint-probe-';
const probePath = (file: string) => path.join(ROOT, path.dirname(file), `${PROBE}${path.basename(file)}`);

/** Every probe: a path (as if it were that file) and its text. */
const PROBES: Record<string, string> = {
  'mfe-catalogues/src/features/products/components/sideways.tsx':
    "import { InsurersTab } from '../../insurers/components/insurers-tab';\nexport const x = InsurersTab;\n",
  'shell/src/features/dashboard/upwards.tsx': "export { AppRoutes } from '../../app/router';\n",
  'mfe-catalogues/src/features/products/components/ok.tsx':
    "import { CatalogueList } from '../../../components/catalogue-list/components/catalogue-list';\nimport { X } from './x';\nexport const y = [CatalogueList, X];\n",
  'mfe-catalogues/src/app/ok.tsx':
    "import { InsurersTab } from '../features/insurers/components/insurers-tab';\nexport const y = InsurersTab;\n",
  'mfe-finance/src/components/own-card.tsx': "import { Card } from '@fluentui/react-components';\nexport const x = Card;\n",
  'shell/src/features/dashboard/own-button.tsx': "import { Button } from '@fluentui/react-button';\nexport const x = Button;\n",
  'packages/web-kit/src/ui/by-path.tsx': "import { Card } from '../fluent/card';\nexport const x = Card;\n",
  'mfe-finance/src/components/ok.tsx': [
    "import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';",
    "import { AddRegular } from '@fluentui/react-icons';",
    "import { Card } from '@corretora/web-kit/fluent/card';",
    'export const x = [makeStyles, mergeClasses, tokens, AddRegular, Card];',
    '',
  ].join('\n'),
  'services/pipeline/src/modules/tasks/sneaky.routes.ts':
    "import type { Knex } from 'knex';\nexport function routes(knex: Knex): Knex {\n  return knex;\n}\n",
  'services/finance/src/modules/claims/leak.ts': [
    "import { BrokerScopedTable } from '@corretora/service-kit';",
    "import type { Knex } from 'knex';",
    'export async function leak(knex: Knex, userId: string, id: number) {',
    // A table scoped by a bare name, not by the service's declaration (src/tables.ts).
    "  await new BrokerScopedTable(knex, 'contacts').of(userId).rows();",
    "  await knex('contacts').where({ userId, id });",
    "  await knex('contacts').andWhere('user_id', userId);",
    "  await knex.raw('select * from notes where user_id = ?', [userId]);",
    '  await knex.raw(`select * from notes n where n.user_id in (?) and n.id = ${id}`, [userId]);',
    '}',
    '',
  ].join('\n'),
  'services/finance/src/modules/claims/fine.ts': [
    "import type { Knex } from 'knex';",
    "import { tables } from '../../tables';",
    'export async function fine(knex: Knex, userId: string) {',
    "  await knex('finance_settings').insert({ userId, tolerance: 1 }).onConflict('user_id').merge();",
    "  await tables.scoped(knex, 'claims').of(userId).rows().where({ contactId: 1 });",
    "  await knex.raw('insert into notes (user_id, contact_id) values (?, ?)', [userId, 1]);",
    '}',
    '',
  ].join('\n'),
  // 401 lines: one past the limit.
  'services/finance/src/modules/claims/long.ts': `${Array.from({ length: 400 }, (_, n) => `export const line${n} = ${n};`).join('\n')}\n// the 401st\n`,
  // A function of 151 lines (blank lines and comments aside), and one of 150.
  'services/finance/src/modules/claims/long-function.ts': `export function long(): number {\n  let n = 0;\n${'  n += 1;\n'.repeat(147)}  return n;\n}\n`,
  'services/finance/src/modules/claims/short-function.ts': `export function short(): number {\n  let n = 0;\n${'  n += 1;\n'.repeat(146)}  // a comment does not count\n\n  return n;\n}\n`,
  'services/finance/src/modules/claims/long-enough.ts': `${Array.from({ length: 400 }, (_, n) => `export const line${n} = ${n};`).join('\n')}\n`,
};

type Message = { ruleId: string | null; message: string; fatal?: boolean };
let linted: Record<string, Message[]> = {};

/** The messages of `rule` for the probe standing for `file`. */
const messages = (file: string, rule: string) =>
  (linted[file] ?? []).filter((message) => message.ruleId === rule).map((message) => message.message);

/**
 * Lints every probe in one ESLint run with the repository's own configuration, the way `npm test`
 * does (a separate process: the TypeScript config loads through jiti, which jest's module system
 * cannot host; one run, as each loads the typed program: seconds). The files are written for the
 * run and removed after: typed rules need them on disk. A file ESLint could not parse fails.
 */
beforeAll(async () => {
  // 'wx': never over a real file; the folders named here exist in the repository.
  for (const [file, code] of Object.entries(PROBES)) await writeFile(probePath(file), code, { flag: 'wx' });
  try {
    const run = spawnSync(process.execPath, [ESLINT, '--no-ignore', '--format', 'json', ...Object.keys(PROBES).map(probePath)], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    const results = JSON.parse(run.stdout) as { filePath: string; messages: Message[] }[];
    linted = Object.fromEntries(
      results.map((result) => {
        const fatal = result.messages.find((message) => message.fatal);
        if (fatal) throw new Error(`ESLint could not read ${result.filePath}: ${fatal.message}`);
        return [path.relative(ROOT, result.filePath).replace(PROBE, ''), result.messages];
      }),
    );
  } finally {
    for (const file of Object.keys(PROBES)) await rm(probePath(file), { force: true });
  }
}, 180_000);

describe('feature boundaries (lint)', () => {
  const sideways = (file: string) => messages(file, 'boundaries/no-sideways');

  test('a feature importing another feature fails lint', () => {
    expect(sideways('mfe-catalogues/src/features/products/components/sideways.tsx')).toEqual([
      "Feature 'products' imports feature 'insurers': move what both need to src/components or src/config.",
    ]);
  });

  test('a feature importing the app layer fails lint, in the shell too', () => {
    expect(sideways('shell/src/features/dashboard/upwards.tsx')).toEqual([
      "Feature 'dashboard' imports src/app: the app composes features, never the other way round.",
    ]);
  });

  test('shared code, the feature itself and the app composing features are fine', () => {
    expect(sideways('mfe-catalogues/src/features/products/components/ok.tsx')).toEqual([]);
    expect(sideways('mfe-catalogues/src/app/ok.tsx')).toEqual([]);
  });
});

describe('one copy of Fluent (lint)', () => {
  const imports = (file: string) => messages(file, 'no-restricted-imports');

  test('an app or the kit importing a Fluent component from Fluent itself fails lint', () => {
    expect(imports('mfe-finance/src/components/own-card.tsx')).toHaveLength(1);
    expect(imports('shell/src/features/dashboard/own-button.tsx')).toHaveLength(1);
    expect(imports('packages/web-kit/src/ui/by-path.tsx')).toHaveLength(1);
  });

  test('the curated families, the styling API and the icons are fine', () => {
    expect(imports('mfe-finance/src/components/ok.tsx')).toEqual([]);
  });
});

describe('the broker scope everywhere (#36 item 3, lint)', () => {
  test('a route file that takes knex fails lint', () => {
    expect(messages('services/pipeline/src/modules/tasks/sneaky.routes.ts', 'no-restricted-imports')).toEqual([
      "'knex' import is restricted from being used by a pattern. A route file takes services, never knex: put the query in a service, through the kit’s broker scope.",
    ]);
  });

  test('a user_id filter written by hand fails lint, as a where object, a where column or SQL text; so does a table scoped by a bare name', () => {
    expect(messages('services/finance/src/modules/claims/leak.ts', 'no-restricted-syntax')).toHaveLength(5);
  });

  test('inserts, conflict targets and the kit’s scope are fine', () => {
    expect(messages('services/finance/src/modules/claims/fine.ts', 'no-restricted-syntax')).toEqual([]);
  });
});

describe('no product file over 400 lines (#36 item 1, lint)', () => {
  test('a file of 401 lines fails lint; one of 400 is fine', () => {
    expect(messages('services/finance/src/modules/claims/long.ts', 'max-lines')).toEqual([
      'File has too many lines (401). Maximum allowed is 400.',
    ]);
    expect(messages('services/finance/src/modules/claims/long-enough.ts', 'max-lines')).toEqual([]);
  });

  test('a function of 151 lines fails lint; one of 150 is fine', () => {
    expect(messages('services/finance/src/modules/claims/long-function.ts', 'max-lines-per-function')).toEqual([
      "Function 'long' has too many lines (151). Maximum allowed is 150.",
    ]);
    expect(messages('services/finance/src/modules/claims/short-function.ts', 'max-lines-per-function')).toEqual([]);
  });
});
