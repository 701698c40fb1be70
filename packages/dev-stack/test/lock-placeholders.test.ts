import { readFileSync } from 'node:fs';
import path from 'node:path';

import { addPlatformPlaceholders, platformFromName } from '../src/lock-placeholders';

describe('platformFromName', () => {
  it.each([
    ['@swc/core-darwin-arm64', { os: ['darwin'], cpu: ['arm64'] }],
    ['@swc/core-linux-arm-gnueabihf', { os: ['linux'], cpu: ['arm'], libc: ['glibc'] }],
    ['@unrs/resolver-binding-linux-arm-musleabihf', { os: ['linux'], cpu: ['arm'], libc: ['musl'] }],
    ['@swc/core-win32-ia32-msvc', { os: ['win32'], cpu: ['ia32'] }],
    ['@unrs/resolver-binding-openharmony-arm64', { os: ['openharmony'], cpu: ['arm64'] }],
  ])('%s', (name, platform) => {
    expect(platformFromName(name)).toEqual(platform);
  });

  it('leaves names without a platform alone', () => {
    expect(platformFromName('@rspack/binding-wasm32-wasi')).toBeUndefined();
    expect(platformFromName('left-pad')).toBeUndefined();
  });
});

describe('addPlatformPlaceholders', () => {
  const lock = (): { packages: Record<string, object> } => ({
    packages: {
      '': {},
      'node_modules/@swc/core': {
        version: '1.16.22',
        optionalDependencies: { '@swc/core-linux-x64-gnu': '1.16.22', '@swc/core-darwin-arm64': '1.16.22' },
      },
      'node_modules/@swc/core-linux-x64-gnu': { version: '1.16.22', optional: true, dev: true, license: 'MIT' },
      'node_modules/pg': { version: '8.0.0', optionalDependencies: { 'pg-native': '>=3.0.1' } },
    },
  });

  it('adds the platform builds the registry did not record, next to the ones it did', () => {
    const file = lock();
    expect(addPlatformPlaceholders(file)).toEqual(['@swc/core-darwin-arm64@1.16.22']);
    expect(file.packages['node_modules/@swc/core-darwin-arm64']).toEqual({
      version: '1.16.22',
      os: ['darwin'],
      cpu: ['arm64'],
      optional: true,
      dev: true,
      license: 'MIT',
    });
  });

  it('is idempotent and ignores optional dependencies that are not platform builds', () => {
    const file = lock();
    addPlatformPlaceholders(file);
    expect(addPlatformPlaceholders(file)).toEqual([]);
    expect(file.packages).not.toHaveProperty('node_modules/pg-native');
  });
});

describe('the committed package-lock.json', () => {
  it('lists every platform build, so `npm ci` accepts it (run `npm run lock:placeholders` if not)', () => {
    const file = JSON.parse(readFileSync(path.join(__dirname, '../../../package-lock.json'), 'utf8'));
    expect(addPlatformPlaceholders(file)).toEqual([]);
  });
});
