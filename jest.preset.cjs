// One jest setup for every workspace: @swc/jest strips types (tsc checks them separately).
/** @type {import('jest').Config} */
const preset = {
  testEnvironment: 'node',
  // Integration tests start real servers; this is a hang guard, not a speed assertion.
  testTimeout: 60_000,
  // Jest's own report, and a line per failed test for `npm test`'s summary (failures-reporter.cjs).
  reporters: ['default', require.resolve('./failures-reporter.cjs')],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  testMatch: ['<rootDir>/{src,test}/**/*.test.{ts,tsx}'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  // Some dependencies ship ESM only; let swc compile them too.
  transformIgnorePatterns: ['/node_modules/(?!(valibot|@valibot|file-type|strtok3|token-types|uint8array-extras|@tokenizer|@borewit)/)'],
};

/**
 * A front end's two projects: node for its pure helpers (*.test.ts), jsdom for its screens
 * (*.test.tsx).
 */
const withScreens = () => {
  // A run's options, not a project's: inside `projects` jest ignores them (the screens ran on its 5 s default).
  const { reporters, testTimeout, ...project } = preset;
  return {
    reporters,
    testTimeout,
    projects: [
      { ...project, displayName: 'node', testMatch: ['<rootDir>/test/**/*.test.ts'] },
      {
        ...project,
        displayName: 'screens',
        testEnvironment: 'jsdom',
        setupFiles: [require.resolve('./jest.jsdom-globals.cjs')],
        setupFilesAfterEnv: [require.resolve('./jest.jsdom-setup.cjs')],
        testMatch: ['<rootDir>/test/**/*.test.tsx'],
      },
    ],
  };
};
// Not enumerable: spreading the preset into a project must not carry it.
Object.defineProperty(preset, 'withScreens', { value: withScreens });

module.exports = preset;
