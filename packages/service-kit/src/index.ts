export { readBaseConfig, type BaseConfig } from './config';
export { createService, runService, type CreateServiceOptions, type Service, type ServiceDeps } from './create-service';
export { withAdvisoryLock } from './database';
export { HttpError, mapError, notFound } from './errors';
export { createInternalClient, type InternalClient } from './internal-client';
export { createObjectStore, type ObjectStore } from './object-store';
export { requireInternalToken, sameOriginGuard } from './security';
export {
  SESSION_COOKIE,
  currentUser,
  destroySessionsOf,
  requireUser,
  signIn,
  signOut,
  type SessionUser,
} from './session';
export { parseBody, parseIdParam } from './validation';
