import { createAppConfig } from '@corretora/build-kit';

export default createAppConfig({
  name: 'mfe-finance',
  dir: __dirname,
  kind: 'remote',
  exposes: { './manifest': './src/manifest.tsx' },
});
