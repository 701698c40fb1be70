import type * as v from 'valibot';
import { answer, operation, schema } from '../api/operation';
import type { Insurer, LeadSource, Product, ReferenceData } from '../types';
import type {
  CatalogueCheckAnswer, CatalogueCheckQuerySchema, InsurerCreateSchema, InsurerUpdateSchema, LeadSourceCreateSchema, LeadSourceUpdateSchema, ProductCreateSchema, ProductUpdateSchema,
} from './catalogues.schemas';

const ITEM_NOT_FOUND = 'Item não encontrado.';

/** list / create / update / remove of one catalogue of the broker. */
function catalogueOperations<Item, Create extends v.GenericSchema, Update extends v.GenericSchema, const Path extends string, const Name extends string>(name: Name, path: Path, label: string) {
  return {
    list: operation({ id: `${name}.list`, method: 'GET', path, access: 'signed-in', summary: `${label}: a lista, por nome.`, answer: answer<Item[]>() }),
    create: operation({ id: `${name}.create`, method: 'POST', path, access: 'signed-in', summary: `${label}: cria um item.`, status: 201, body: schema<Create>(), answer: answer<Item>() }),
    update: operation({
      id: `${name}.update`, method: 'PATCH', path: `${path}/:id`, access: 'signed-in', summary: `${label}: altera um item.`,
      body: schema<Update>(), notFound: ITEM_NOT_FOUND, answer: answer<Item>(),
    }),
    remove: operation({ id: `${name}.remove`, method: 'DELETE', path: `${path}/:id`, access: 'signed-in', summary: `${label}: exclui um item.`, status: 204, notFound: ITEM_NOT_FOUND }),
  } as const;
}

// The catalogues service: products, insurers, lead sources and the names other screens need. Each operation is an export of its own (a pure call), so a bundle keeps only those it names.

export const products = /*#__PURE__*/ catalogueOperations<Product, typeof ProductCreateSchema, typeof ProductUpdateSchema, '/api/products', 'products'>('products', '/api/products', 'Produtos');
export const insurers = /*#__PURE__*/ catalogueOperations<Insurer, typeof InsurerCreateSchema, typeof InsurerUpdateSchema, '/api/insurers', 'insurers'>('insurers', '/api/insurers', 'Seguradoras');
export const leadSources = /*#__PURE__*/ catalogueOperations<LeadSource, typeof LeadSourceCreateSchema, typeof LeadSourceUpdateSchema, '/api/lead-sources', 'leadSources'>(
  'leadSources',
  '/api/lead-sources',
  'Origens de lead',
);
export const revealInsurerPassword = /*#__PURE__*/ operation({
  id: 'insurers.revealPassword', method: 'POST', path: '/api/insurers/:id/reveal-password', access: 'signed-in',
  summary: 'Mostra a senha do portal da seguradora (guardada cifrada).', notFound: ITEM_NOT_FOUND, answer: /*#__PURE__*/ answer<{ password: string | null }>(),
});
export const referenceData = /*#__PURE__*/ operation({ id: 'referenceData.get', method: 'GET', path: '/api/reference-data', access: 'signed-in', summary: 'Nomes de produtos, origens, seguradoras e estágios.', answer: /*#__PURE__*/ answer<ReferenceData>() });
export const check = /*#__PURE__*/ operation({
  id: 'catalogues.check', method: 'GET', path: '/internal/catalogues/:userId/check', access: 'internal',
  summary: 'Confere ids de catálogo de uma escrita.', query: /*#__PURE__*/ schema<typeof CatalogueCheckQuerySchema>(), answer: /*#__PURE__*/ answer<CatalogueCheckAnswer>(),
});
export const clearData = /*#__PURE__*/ operation({ id: 'catalogues.clearData', method: 'DELETE', path: '/internal/catalogues/:userId/data', access: 'internal', summary: 'Limpar Dados: catálogos e estágios de volta ao padrão.', status: 204 });
