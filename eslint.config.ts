// One lint setup for the monorepo: TypeScript rules, kebab-case file names, and imports that flow
// one way (apps -> packages; services -> service-kit -> contracts; never sideways). The apps and
// services come from the registry, so a new remote or service is covered without an edit here.
import js from '@eslint/js';
import { SHARED_QUERY_EXPORTS } from '@corretora/build-kit';
import { REMOTE_NAMES, SERVICE_NAMES } from '@corretora/registry';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { featureBoundaries } from './packages/dev-stack/src/lint-feature-boundaries';

const APPS: string[] = ['shell', ...REMOTE_NAMES];
const SERVICES: string[] = SERVICE_NAMES;

type Pattern = { group: string[]; message: string; allowImportNames?: string[] };

function restrict(patterns: Pattern[]) {
  return { 'no-restricted-imports': ['error', { patterns }] as const };
}

/**
 * Fluent's components come from the curated families in @corretora/web-kit/fluent/*, which the
 * shell builds once and every remote shares (packages/build-kit/src/shared.ts); importing a
 * component from Fluent itself would put a second copy of Fluent in the app. The styling API is
 * compiled away at build time, so it may come from Fluent directly.
 */
const fluentRules: Pattern[] = [
  {
    group: ['@fluentui/react-components'],
    allowImportNames: ['makeStyles', 'makeResetStyles', 'makeStaticStyles', 'mergeClasses', 'shorthands', 'tokens', 'typographyStyles'],
    message:
      'Import Fluent components from @corretora/web-kit/fluent/<family> (one copy, built by the shell); only the styling API comes from Fluent.',
  },
  {
    group: ['@fluentui/*', '!@fluentui/react-components', '!@fluentui/react-icons'],
    message: 'Import Fluent components from @corretora/web-kit/fluent/<family>.',
  },
];

/**
 * The shell provides TanStack Query as a curated module (web-kit/src/shared/react-query.ts): a front
 * end may use only what it exports, or a remote would find the name missing at run time.
 */
const queryRules: Pattern[] = [
  {
    group: ['@tanstack/react-query'],
    allowImportNames: [...SHARED_QUERY_EXPORTS],
    message:
      'The shell shares only part of TanStack Query: add the name to web-kit/src/shared/react-query.ts and SHARED_QUERY_EXPORTS first.',
  },
];

const relativeInto = (folder: string): Pattern => ({
  group: [`**/${folder}/**`, `**/${folder}`],
  message: `Import ${folder} through its package, never by path.`,
});

/** apps may use packages, never another app, a service, or react-router directly (it comes from web-kit). */
const appRules = (app: string) =>
  restrict([
    ...APPS.filter((other) => other !== app).map((other) => ({
      group: [`@corretora/${other}`, `@corretora/${other}/*`],
      message: 'An app never imports another app: compose through packages/*.',
    })),
    ...SERVICES.map((service) => ({
      group: [`@corretora/${service}`, '**/services/**'],
      message: 'Apps talk to services over HTTP only.',
    })),
    {
      group: ['react-router', 'react-router-dom', 'react-router/*'],
      message: 'Import routing from @corretora/web-kit (one router instance for shell and remotes).',
    },
    { group: ['@corretora/service-kit', '@corretora/dev-stack'], message: 'Server-side packages do not belong in a front end.' },
    ...fluentRules,
    ...queryRules,
  ]);

const servicePatterns = (service: string): Pattern[] => [
  ...SERVICES.filter((other) => other !== service).map((other) => ({
    group: [`@corretora/${other}`, `**/services/${other}/**`],
    message: 'A service never imports another service: use its /internal HTTP endpoints.',
  })),
  ...APPS.map((app) => ({ group: [`@corretora/${app}`], message: 'Services never import front ends.' })),
  {
    group: ['@corretora/web-kit', '@corretora/web-kit/*', '@corretora/build-kit'],
    message: 'Front-end packages do not belong in a service.',
  },
];
const serviceRules = (service: string) => restrict(servicePatterns(service));

/** A route file maps operations to a service's methods: the database is the services' (#36 item 3). */
const routeFileRules = (service: string) =>
  restrict([
    ...servicePatterns(service),
    { group: ['knex'], message: 'A route file takes services, never knex: put the query in a service, through the kit’s broker scope.' },
  ]);

/**
 * Every read and write of a broker's rows goes through the kit's broker scope (BrokerScopedTable):
 * the brokerage's team changes only what the scope receives, so a filter on user_id written by hand
 * is a query that would leak between members (#36 item 3). Inserts and conflict targets name the
 * column; a condition on it is the scope's.
 */
const SCOPE_MESSAGE = 'Filter a broker’s rows through the kit’s broker scope (BrokerScopedTable#of / from), never by user_id by hand.';
const USER_ID_CONDITION = '/\\buser_id\\s*(=|<>|!=|in\\b|is\\b|any\\b)/i';
const WHERE_CALLS = '/^(where|andWhere|orWhere|whereNot|whereIn|andWhereIn|orWhereIn|whereNotIn|whereNull|whereNotNull)$/';
const scopeRules = {
  'no-restricted-syntax': [
    'error',
    { selector: `Literal[value=${USER_ID_CONDITION}]`, message: SCOPE_MESSAGE },
    { selector: `TemplateElement[value.raw=${USER_ID_CONDITION}]`, message: SCOPE_MESSAGE },
    {
      selector: `CallExpression[callee.property.name=${WHERE_CALLS}] > ObjectExpression > Property[key.name=/^(userId|user_id)$/]`,
      message: SCOPE_MESSAGE,
    },
    { selector: `CallExpression[callee.property.name=${WHERE_CALLS}] > Literal[value=/^(userId|user_id)$/]`, message: SCOPE_MESSAGE },
    {
      selector: 'NewExpression[callee.name="BrokerScopedTable"] > Literal',
      message: "Scope a table by its declared name: tables.scoped(knex, '<table>') from the service's src/tables.ts.",
    },
  ] as const,
};

/** Every file the root tsconfig holds is linted with its types: one program for the whole repo. */
const TYPED_FILES = [
  'packages/*/src/**/*.{ts,tsx}',
  'packages/*/test/**/*.{ts,tsx}',
  'services/*/{src,test,migrations}/**/*.ts',
  'shell/{src,test,scripts}/**/*.{ts,tsx}',
  'mfe-*/{src,test}/**/*.{ts,tsx}',
  'gateway/{src,test}/**/*.ts',
  'e2e/**/*.ts',
  'bench/**/*.ts',
  '*/webpack.config.ts',
  '*/jest.config.ts',
];
const FRONT_END_FILES = [...APPS.map((app) => `${app}/src/**/*.tsx`), 'packages/web-kit/src/**/*.tsx'];

export default tseslint.config(
  // lint-probe-*: what the lint rules' own test writes for a moment and lints with --no-ignore
  // (packages/dev-stack/test/lint-boundaries.test.ts), while `npm run lint` may run beside it.
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'coverage/**',
      '**/*.cjs',
      'playwright-report/**',
      'test-results/**',
      '**/lint-probe-*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Bugs only the types show: a promise nobody awaits or catches, a promise where a callback is
    // expected, an API its library has deprecated.
    files: TYPED_FILES,
    languageOptions: { parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-deprecated': 'error',
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
    },
  },
  // The lint rules' own test writes lint-probe-* files, which tsconfig.json leaves out (tsc may run beside it).
  { files: ['**/lint-probe-*'], languageOptions: { parserOptions: { project: './tsconfig.lint-probe.json' } } },
  { files: FRONT_END_FILES, ...reactHooks.configs.flat['recommended-latest'] },
  { files: FRONT_END_FILES, ...jsxA11y.flatConfigs.recommended },
  {
    // A circle of imports, even a type-only one today, is one edit away from a module read before it
    // is defined.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser, ...globals.jest } },
    plugins: { 'check-file': checkFile, boundaries: { rules: { 'no-sideways': featureBoundaries } } },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx,mjs}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '{packages,services,shell,mfe-*,gateway,e2e}/**/': 'KEBAB_CASE' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  // Inside an app: shared code -> features -> app, never a feature into another feature or into app/.
  { files: APPS.map((app) => `${app}/src/**/*.{ts,tsx}`), rules: { 'boundaries/no-sideways': 'error' } },
  // Migrations are named by knex convention: <timestamp>_<verb>_<noun>.ts
  {
    files: ['services/*/migrations/**', 'packages/service-kit/test/fixtures/*migrations*/**'],
    rules: { 'check-file/filename-naming-convention': 'off' },
  },
  ...APPS.map((app) => ({ files: [`${app}/**/*.{ts,tsx}`], rules: appRules(app) })),
  // No type assertion in the apps' code (#36 item 4): a value a control hands over is narrowed
  // (contracts' choiceOf), a body is checked with its contract schema; `as const` stays.
  {
    files: APPS.map((app) => `${app}/src/**/*.{ts,tsx}`),
    rules: { '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }] },
  },
  ...SERVICES.map((service) => ({
    files: [`services/${service}/src/**/*.ts`, `services/${service}/migrations/**/*.ts`],
    rules: serviceRules(service),
  })),
  ...SERVICES.map((service) => ({ files: [`services/${service}/src/**/*.routes.ts`], rules: routeFileRules(service) })),
  { files: ['services/*/src/**/*.ts'], rules: scopeRules },
  // No product file over 400 lines (#36 item 1): a file past it holds two things; split by concern.
  {
    files: ['{services,packages}/*/src/**/*.{ts,tsx}', `{${APPS.join(',')},gateway}/src/**/*.{ts,tsx}`],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      // A function past 150 lines does several things: cut it into named parts.
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  {
    files: ['packages/contracts/**/*.ts', 'packages/registry/**/*.ts'],
    rules: restrict([
      {
        group: ['@corretora/*', 'react', 'react-dom', 'node:*'],
        message: 'contracts and the registry depend on nothing of ours, no React and no Node: front ends and services both use them.',
      },
    ]),
  },
  { files: ['packages/registry/test/**/*.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    // Tooling packages stand below every app: what an app and a tool both need lives in a package.
    files: ['packages/gateway-kit/**/*.ts', 'packages/dev-stack/**/*.ts', 'packages/build-kit/**/*.ts'],
    rules: restrict([
      {
        group: ['gateway', ...APPS, ...SERVICES].flatMap((name) => [`@corretora/${name}`, `@corretora/${name}/*`]),
        message: 'Packages stand below every app and service: move what both need into a package.',
      },
      relativeInto('services'),
      relativeInto('gateway'),
    ]),
  },
  {
    files: ['packages/service-kit/**/*.ts'],
    rules: restrict([
      {
        group: ['@corretora/*', '!@corretora/contracts', '!@corretora/registry'],
        message: 'service-kit builds on contracts and the registry only.',
      },
      relativeInto('services'),
    ]),
  },
  {
    files: ['packages/web-kit/src/**/*.{ts,tsx}'],
    rules: restrict([
      {
        group: ['@corretora/*', '!@corretora/contracts', '!@corretora/registry', '!@corretora/web-kit'],
        message: 'web-kit builds on contracts and the registry only.',
      },
      ...queryRules,
      relativeInto('services'),
    ]),
  },
  {
    // web-kit/ui is bundled into each app; the runtime kit is one shared instance, reached by name.
    files: ['packages/web-kit/src/ui/**/*.{ts,tsx}'],
    rules: restrict([
      {
        group: ['@corretora/*', '!@corretora/contracts', '!@corretora/registry', '!@corretora/web-kit'],
        message: 'web-kit builds on contracts and the registry only.',
      },
      {
        group: ['../api/*', '../../api/*', '../session/*', '../router', '../fluent/*', '../../fluent/*'],
        message:
          'From ui, reach the shared runtime kit and the Fluent families by package name, never by path (a second copy breaks instanceof and state).',
      },
      ...fluentRules,
      ...queryRules,
      relativeInto('services'),
    ]),
  },
);
