export { startDevGateway, type DevGatewayOptions } from './dev-gateway';
export { renderNginxConfig, type NginxOptions } from './nginx-config';
export * from './routes';
