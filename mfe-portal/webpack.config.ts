import { createAppConfig } from '@corretora/build-kit';

export default createAppConfig({
  name: 'mfe-portal',
  dir: __dirname,
  kind: 'remote',
  exposes: { './manifest': './src/manifest.tsx' },
});
