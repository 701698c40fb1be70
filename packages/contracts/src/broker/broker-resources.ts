import type { BrokerProfile, DashboardStats } from '../types';

/**
 * Read endpoints more than one front end caches: where each lives and the key every app caches it
 * under, so the shell and mfe-broker share one cache entry through the shared query client. The
 * apps hold their own hooks; the response type travels with the resource.
 */
export interface CachedResource<T> {
  path: string;
  key: readonly string[];
  /** Type carrier only (never set): lets a fetcher infer T from the resource. */
  readonly type?: T;
}

export const BROKER_PROFILE_RESOURCE: CachedResource<BrokerProfile | null> = { path: '/api/broker-profile', key: ['broker', 'profile'] };
export const DASHBOARD_STATS_RESOURCE: CachedResource<DashboardStats> = { path: '/api/dashboard/stats', key: ['broker', 'dashboard-stats'] };
