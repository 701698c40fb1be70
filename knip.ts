// Declared dependencies match imports: knip reads every workspace from its entries and reports a
// dependency declared and never imported, or imported and never declared. Only the dependency
// checks run (`npm run lint` passes --dependencies); unused exports are a review matter here.
import type { KnipConfig } from 'knip';

const remote = {
  entry: ['src/manifest.tsx', 'webpack.config.ts', 'test/**/*.{ts,tsx,cjs}'],
  project: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
};

const config: KnipConfig = {
  // The lint rules' own test writes these for a moment (packages/dev-stack/test/lint-boundaries.test.ts).
  ignore: ['**/lint-probe-*'],
  workspaces: {
    shell: { entry: ['scripts/*.ts', 'webpack.config.ts', 'test/**/*.{ts,tsx}'], project: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts'] },
    'mfe-*': remote,
    gateway: {
      entry: ['src/*.ts', 'test/**/*.ts'],
      project: ['src/**/*.ts'],
      // The OpenAPI test runs the validator in a child Node (it is ESM-only), named in a script string.
      ignoreDependencies: ['@seriousme/openapi-schema-validator'],
    },
    'services/*': { entry: ['src/app.ts', 'migrations/*.ts', 'test/**/*.ts'], project: ['src/**/*.ts', 'migrations/**/*.ts'] },
    // webpack loads its loaders (and Griffel's loader its Babel preset) by name from the rules;
    // react-router is only located (from web-kit, which declares it) to alias its production build.
    'packages/build-kit': {
      entry: ['src/*.ts'],
      project: ['src/**/*.ts'],
      ignoreDependencies: ['swc-loader', '@swc/core', '@griffel/webpack-loader', '@babel/preset-typescript', 'react-router'],
    },
    // tsx: production runs the TypeScript with `node --import tsx` (the Dockerfile's runtime stages
    // install the kits' dependencies only), never imported.
    'packages/gateway-kit': { entry: ['src/*.ts'], project: ['src/**/*.ts'], ignoreDependencies: ['tsx'] },
    'packages/service-kit': { entry: ['src/*.ts', 'test/**/*.ts'], project: ['src/**/*.ts'], ignoreDependencies: ['tsx'] },
    'packages/*': { entry: ['src/*.ts', 'test/**/*.{ts,tsx,cjs}'], project: ['src/**/*.{ts,tsx}'] },
    e2e: { entry: ['tests/**/*.ts'], project: ['tests/**/*.ts'] },
    bench: { entry: ['src/*.ts'], project: ['src/**/*.ts'] },
  },
};

export default config;
