/** Node for the pure helpers, jsdom for the screens. */
const config = require('../../jest.preset.cjs').withScreens();

// The curated TanStack Query (src/shared/react-query.ts) reaches the package's ESM build by path, for
// the bundler; under jest it is the package as every other import sees it.
const moduleNameMapper = { '^.*/@tanstack/react-query/build/modern/index\\.js$': '@tanstack/react-query' };
module.exports = { ...config, projects: config.projects.map((project) => ({ ...project, moduleNameMapper })) };
