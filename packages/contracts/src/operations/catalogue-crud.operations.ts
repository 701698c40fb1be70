import type * as v from 'valibot';
import { NOT_FOUND } from '../errors';
import { OFFICE_ROLES } from '../vocabulary/team-roles';
import { answer, operation, schema } from '../vocabulary/operation';
import type { Insurer, LeadSource, Product } from '../types';
import type {
  InsurerCreateSchema,
  InsurerUpdateSchema,
  LeadSourceCreateSchema,
  LeadSourceUpdateSchema,
  ProductCreateSchema,
  ProductUpdateSchema,
} from '../catalogues/catalogues.schemas';

// The three catalogues' list, create, update and remove: one module of their own (built by a
// function), so an app that names none of them (the board reads only the reference data) bundles none.

/** list / create / update / remove of one catalogue of the broker. */
function catalogueOperations<
  Item,
  Create extends v.GenericSchema,
  Update extends v.GenericSchema,
  const Path extends string,
  const Name extends string,
>(name: Name, path: Path, label: string) {
  return {
    list: operation({
      id: `${name}.list`,
      method: 'GET',
      path,
      access: 'signed-in',
      summary: `${label}: a lista, por nome.`,
      answer: answer<Item[]>(),
    }),
    create: operation({
      id: `${name}.create`,
      roles: OFFICE_ROLES,
      method: 'POST',
      path,
      access: 'signed-in',
      summary: `${label}: cria um item.`,
      status: 201,
      body: schema<Create>(),
      answer: answer<Item>(),
    }),
    update: operation({
      id: `${name}.update`,
      roles: OFFICE_ROLES,
      method: 'PATCH',
      path: `${path}/:id`,
      access: 'signed-in',
      summary: `${label}: altera um item.`,
      body: schema<Update>(),
      notFound: NOT_FOUND.item,
      answer: answer<Item>(),
    }),
    remove: operation({
      id: `${name}.remove`,
      roles: OFFICE_ROLES,
      method: 'DELETE',
      path: `${path}/:id`,
      access: 'signed-in',
      summary: `${label}: exclui um item.`,
      status: 204,
      notFound: NOT_FOUND.item,
    }),
  } as const;
}

export const products = catalogueOperations<Product, typeof ProductCreateSchema, typeof ProductUpdateSchema, '/api/products', 'products'>(
  'products',
  '/api/products',
  'Produtos',
);
export const insurers = catalogueOperations<Insurer, typeof InsurerCreateSchema, typeof InsurerUpdateSchema, '/api/insurers', 'insurers'>(
  'insurers',
  '/api/insurers',
  'Seguradoras',
);
export const leadSources = catalogueOperations<
  LeadSource,
  typeof LeadSourceCreateSchema,
  typeof LeadSourceUpdateSchema,
  '/api/lead-sources',
  'leadSources'
>('leadSources', '/api/lead-sources', 'Origens de lead');
