export { containerName, createAppConfig, type AppConfigOptions } from './create-app-config';
export { describeRemote, sharedModules, type RemoteDescription } from './shared';
export { BUILD_STAMP } from './build-stamp';
