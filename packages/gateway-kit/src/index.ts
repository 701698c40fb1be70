export { startDevGateway, type DevGatewayOptions } from './dev-gateway';
export { renderNginxConfig, type NginxOptions } from './nginx-config';
export * from './routes';
export { startNginx, type NginxRunOptions, type RunningNginx } from './nginx-runner';
export { openApiDocument, openApiPath, writeApiDocs } from './openapi';
export {
  REMOTE_STORE_ENV,
  VERSION_PATTERN,
  isRemoteName,
  isVersion,
  listRemote,
  liveDocument,
  promoteRemote,
  publishRemote,
  readPointer,
  rollbackRemote,
  type Artifact,
  type ListedVersion,
  type Pointer,
} from './remote-store';
