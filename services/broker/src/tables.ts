import { declareTables } from '@corretora/service-kit';

/** The broker service's tables of a brokerage's records (the kit's declareTables). */
export const tables = declareTables('broker', {
  member: [],
  // The brokerage's profile is keyed by the brokerage itself; each member's photo is the brokerage's to show.
  brokerage: ['broker_profiles', 'member_photos', 'broker_disclosures'],
});
