const preset = require('../jest.preset.cjs');

/** Node for the pure helpers, jsdom for a page's states. */
module.exports = {
  projects: [
    { ...preset, displayName: 'node', testMatch: ['<rootDir>/test/**/*.test.ts'] },
    {
      ...preset,
      displayName: 'pages',
      testEnvironment: 'jsdom',
      setupFiles: ['<rootDir>/test/support/jsdom-globals.cjs'],
      testMatch: ['<rootDir>/test/**/*.test.tsx'],
    },
  ],
};
