import { declareTables } from '@corretora/service-kit';

/** The portal's tables of a brokerage's records (the kit's declareTables): the brokerage's, every member's alike. */
export const tables = declareTables('portal', {
  member: [],
  // The settings, the codes asked for (by the document's hash) and each client's last access.
  brokerage: ['portal_settings', 'portal_codes', 'portal_access'],
  // A signed-in client's requests read whether the brokerage keeps its portal on (the brokerage's, not theirs).
  client: { portal_settings: () => 'true' },
});
