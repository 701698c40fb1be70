export { APPS, buildApps } from './apps';
export { REPO_ROOT } from './processes';
export { ensureDatabase, startInfra, type Infra, type InfraOptions } from './infra';
export { loadSecrets, type Secrets } from './secrets';
export { startStack, type Stack, type StackOptions } from './stack';
