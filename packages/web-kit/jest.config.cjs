const preset = require('../../jest.preset.cjs');

/** Node for the runtime kit, jsdom for the form kit's components (typing, caret, errors). */
module.exports = {
  projects: [
    { ...preset, displayName: 'node', testMatch: ['<rootDir>/test/**/*.test.ts'] },
    {
      ...preset,
      displayName: 'components',
      testEnvironment: 'jsdom',
      setupFiles: ['<rootDir>/test/support/jsdom-globals.cjs'],
      testMatch: ['<rootDir>/test/**/*.test.tsx'],
    },
  ],
};
