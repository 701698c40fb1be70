export { containerName, createAppConfig, type AppConfigOptions } from './create-app-config';
export { SHARED_QUERY_EXPORTS, describeRemote, sharedModules, type RemoteDescription } from './shared';
export { BUILD_STAMP } from './build-stamp';
