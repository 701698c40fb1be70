import type { BrokerProfile, DashboardStats } from '@corretora/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client';
import { QUERY_KEYS } from '../api/query-client';

/** The profile gates navigation in the shell and fills /broker and /profile in mfe-broker. */
export const brokerProfileQueryOptions = () =>
  queryOptions({
    queryKey: QUERY_KEYS.brokerProfile,
    queryFn: () => apiRequest<BrokerProfile | null>('GET', '/api/broker-profile'),
  });

export function useBrokerProfile(options: { enabled?: boolean } = {}) {
  return useQuery({ ...brokerProfileQueryOptions(), enabled: options.enabled ?? true });
}

export const dashboardStatsQueryOptions = () =>
  queryOptions({ queryKey: QUERY_KEYS.dashboardStats, queryFn: () => apiRequest<DashboardStats>('GET', '/api/dashboard/stats') });

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
