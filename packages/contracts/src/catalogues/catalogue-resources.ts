import type { CachedResource } from '../broker/broker-resources';
import type { ReferenceData } from '../types';

/** Names of the broker's catalogues for every lead form and card; catalogue changes invalidate it. */
export const REFERENCE_DATA_RESOURCE: CachedResource<ReferenceData> = { path: '/api/reference-data', key: ['catalogues', 'reference-data'] };
