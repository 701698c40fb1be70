export { containerName, createAppConfig, type AppConfigOptions } from './create-app-config';
export { sharedModules } from './shared';
export { BUILD_STAMP } from './build-stamp';
