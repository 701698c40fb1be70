import { createAppConfig } from '@corretora/build-kit';

export default createAppConfig({
  name: 'mfe-pipeline',
  dir: __dirname,
  kind: 'remote',
  exposes: { './manifest': './src/manifest.tsx' },
});
