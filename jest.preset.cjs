// One jest setup for every workspace: @swc/jest strips types (tsc checks them separately).
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  // Integration tests start real servers; this is a hang guard, not a speed assertion.
  testTimeout: 60_000,
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
