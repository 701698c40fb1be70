import { createAppConfig } from '@corretora/build-kit';

export default createAppConfig({ name: 'shell', dir: __dirname, kind: 'host' });
