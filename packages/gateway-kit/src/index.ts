export { startDevGateway, type DevGatewayOptions } from './dev-gateway';
export { renderNginxConfig, type NginxOptions } from './nginx-config';
export * from './routes';
export { startNginx, type NginxRunOptions, type RunningNginx } from './nginx-runner';
export { openApiDocument, openApiPath, writeApiDocs } from './openapi';
