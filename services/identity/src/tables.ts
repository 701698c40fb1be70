import { declareTables } from '@corretora/service-kit';

/**
 * Identity's tables of a brokerage's records (a `user_id` column): none. Its members and invitations
 * name their brokerage otherwise and are read by identity's own queries; a table added with a
 * `user_id` is declared here (the finance stack's test says so).
 */
export const tables = declareTables('identity', { member: [], brokerage: [] });
