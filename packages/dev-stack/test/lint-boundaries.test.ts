import { spawnSync } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const ESLINT = path.join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js');

/**
 * Lints source text as a file at `file`, with the repository's own configuration, the way `npm test`
 * does (a separate process: the TypeScript config loads through jiti, which jest's module system
 * cannot host). The file is written for the run and removed after: typed rules need it in the
 * TypeScript program, which is read from disk. A file ESLint could not parse fails the test rather
 * than passing with no messages.
 */
async function messagesFor(file: string, code: string, rule = 'boundaries/no-sideways'): Promise<string[]> {
  const target = path.join(ROOT, file);
  // 'wx': never over a real file; the folders named here exist in the repository.
  await writeFile(target, code, { flag: 'wx' });
  try {
    const run = spawnSync(process.execPath, [ESLINT, '--format', 'json', target], { cwd: ROOT, encoding: 'utf8' });
    const [result] = JSON.parse(run.stdout) as { messages: { ruleId: string | null; message: string; fatal?: boolean }[] }[];
    const fatal = (result?.messages ?? []).find((message) => message.fatal);
    if (fatal) throw new Error(`ESLint could not read ${file}: ${fatal.message}`);
    return (result?.messages ?? []).filter((message) => message.ruleId === rule).map((message) => message.message);
  } finally {
    await rm(target);
  }
}

describe('feature boundaries (lint)', () => {
  test('a feature importing another feature fails lint', async () => {
    const messages = await messagesFor(
      'mfe-catalogues/src/features/products/components/sideways.tsx',
      "import { InsurersTab } from '../../insurers/components/insurers-tab';\nexport const x = InsurersTab;\n",
    );
    expect(messages).toEqual(["Feature 'products' imports feature 'insurers': move what both need to src/components or src/config."]);
  });

  test('a feature importing the app layer fails lint, in the shell too', async () => {
    const messages = await messagesFor('shell/src/features/dashboard/upwards.tsx', "export { AppRoutes } from '../../app/router';\n");
    expect(messages).toEqual(["Feature 'dashboard' imports src/app: the app composes features, never the other way round."]);
  });

  test('shared code, the feature itself and the app composing features are fine', async () => {
    expect(
      await messagesFor(
        'mfe-catalogues/src/features/products/components/ok.tsx',
        "import { CatalogueList } from '../../../components/catalogue-list/components/catalogue-list';\nimport { X } from './x';\nexport const y = [CatalogueList, X];\n",
      ),
    ).toEqual([]);
    expect(
      await messagesFor(
        'mfe-catalogues/src/app/ok.tsx',
        "import { InsurersTab } from '../features/insurers/components/insurers-tab';\nexport const y = InsurersTab;\n",
      ),
    ).toEqual([]);
  });
});

describe('one copy of Fluent (lint)', () => {
  const imports = (file: string, code: string) => messagesFor(file, code, 'no-restricted-imports');

  test('an app or the kit importing a Fluent component from Fluent itself fails lint', async () => {
    expect(
      await imports(
        'mfe-finance/src/components/own-card.tsx',
        "import { Card } from '@fluentui/react-components';\nexport const x = Card;\n",
      ),
    ).toHaveLength(1);
    expect(
      await imports(
        'shell/src/features/dashboard/own-button.tsx',
        "import { Button } from '@fluentui/react-button';\nexport const x = Button;\n",
      ),
    ).toHaveLength(1);
    expect(
      await imports('packages/web-kit/src/ui/by-path.tsx', "import { Card } from '../fluent/card';\nexport const x = Card;\n"),
    ).toHaveLength(1);
  });

  test('the curated families, the styling API and the icons are fine', async () => {
    const code = [
      "import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';",
      "import { AddRegular } from '@fluentui/react-icons';",
      "import { Card } from '@corretora/web-kit/fluent/card';",
      'export const x = [makeStyles, mergeClasses, tokens, AddRegular, Card];',
      '',
    ].join('\n');
    expect(await imports('mfe-finance/src/components/ok.tsx', code)).toEqual([]);
    expect(await imports('packages/web-kit/src/ui/ok.tsx', code)).toEqual([]);
  });
});

/** Lints several files in one ESLint run (each run loads the typed program: seconds): the messages of `rule` per file. */
async function messagesOfEach(files: Record<string, string>, rule: string): Promise<Record<string, string[]>> {
  const targets = Object.keys(files).map((file) => path.join(ROOT, file));
  for (const [file, code] of Object.entries(files)) await writeFile(path.join(ROOT, file), code, { flag: 'wx' });
  try {
    const run = spawnSync(process.execPath, [ESLINT, '--format', 'json', ...targets], { cwd: ROOT, encoding: 'utf8' });
    const results = JSON.parse(run.stdout) as {
      filePath: string;
      messages: { ruleId: string | null; message: string; fatal?: boolean }[];
    }[];
    return Object.fromEntries(
      results.map((result) => {
        const fatal = result.messages.find((message) => message.fatal);
        if (fatal) throw new Error(`ESLint could not read ${result.filePath}: ${fatal.message}`);
        const rel = path.relative(ROOT, result.filePath);
        return [rel, result.messages.filter((message) => message.ruleId === rule).map((message) => message.message)];
      }),
    );
  } finally {
    for (const target of targets) await rm(target, { force: true });
  }
}

describe('the broker scope everywhere (#36 item 3, lint)', () => {
  test('a route file that takes knex and a user_id filter written by hand fail lint; inserts, conflict targets and the kit’s scope are fine', async () => {
    const routes = await messagesOfEach(
      {
        'services/pipeline/src/modules/tasks/sneaky.routes.ts':
          "import type { Knex } from 'knex';\nexport function routes(knex: Knex): Knex {\n  return knex;\n}\n",
      },
      'no-restricted-imports',
    );
    expect(routes['services/pipeline/src/modules/tasks/sneaky.routes.ts']).toEqual([
      "'knex' import is restricted from being used by a pattern. A route file takes services, never knex: put the query in a service, through the kit’s broker scope.",
    ]);
    const scope = await messagesOfEach(
      {
        'services/finance/src/modules/claims/leak.ts': [
          "import type { Knex } from 'knex';",
          'export async function leak(knex: Knex, userId: string, id: number) {',
          "  await knex('contacts').where({ userId, id });",
          "  await knex('contacts').andWhere('user_id', userId);",
          "  await knex.raw('select * from notes where user_id = ?', [userId]);",
          '  await knex.raw(`select * from notes n where n.user_id in (?) and n.id = ${id}`, [userId]);',
          '}',
          '',
        ].join('\n'),
        'services/finance/src/modules/claims/fine.ts': [
          "import { BrokerScopedTable } from '@corretora/service-kit';",
          "import type { Knex } from 'knex';",
          'export async function fine(knex: Knex, userId: string) {',
          "  await knex('finance_settings').insert({ userId, tolerance: 1 }).onConflict('user_id').merge();",
          "  await new BrokerScopedTable(knex, 'notes').of(userId).rows().where({ contactId: 1 });",
          "  await knex.raw('insert into notes (user_id, contact_id) values (?, ?)', [userId, 1]);",
          '}',
          '',
        ].join('\n'),
      },
      'no-restricted-syntax',
    );
    expect(scope['services/finance/src/modules/claims/leak.ts']).toHaveLength(4);
    expect(scope['services/finance/src/modules/claims/fine.ts']).toEqual([]);
  });
});
