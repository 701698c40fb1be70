import { declareTables } from '@corretora/service-kit';

/** The catalogues' tables: each brokerage's own, shared by all its members (the kit's declareTables). */
export const tables = declareTables('catalogues', {
  member: [],
  brokerage: ['insurers', 'lead_sources', 'pipeline_stages', 'products', 'seeded_accounts'],
});
