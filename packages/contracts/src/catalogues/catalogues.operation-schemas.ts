// The runtime schemas of the catalogues operations, by the same names: read by the services (service-kit route) and the API reference,
// never by a front end, so no page carries a schema it does not validate with.
import {
  CatalogueCheckQuerySchema, InsurerCreateSchema, InsurerUpdateSchema, LeadSourceCreateSchema, LeadSourceUpdateSchema, ProductCreateSchema, ProductUpdateSchema,
} from './catalogues.schemas';

export const products = { create: { body: ProductCreateSchema }, update: { body: ProductUpdateSchema } };
export const insurers = { create: { body: InsurerCreateSchema }, update: { body: InsurerUpdateSchema } };
export const leadSources = { create: { body: LeadSourceCreateSchema }, update: { body: LeadSourceUpdateSchema } };
export const check = { query: CatalogueCheckQuerySchema };
