import * as v from 'valibot';
import { answer, operation } from '../api/operation';
import { optionalQueryId } from '../api/query-fields';
import { STAGE_KEYS, type StageKey } from '../pipeline/pipeline-options';
import type { PolicyType } from '../finance/finance-options';
import type { Insurer, LeadSource, Product, ReferenceData } from '../types';
import {
  InsurerCreateSchema, InsurerUpdateSchema, LeadSourceCreateSchema, LeadSourceUpdateSchema, ProductCreateSchema, ProductUpdateSchema,
} from './catalogues.schemas';

const ITEM_NOT_FOUND = 'Item não encontrado.';

/** GET /internal/catalogues/:userId/check: the catalogue ids a write names, each looked up in the broker's catalogues. */
export const CatalogueCheckQuerySchema = v.object({
  productId: optionalQueryId('Produto inválido'),
  leadSourceId: optionalQueryId('Origem inválida'),
  insurerId: optionalQueryId('Seguradora inválida'),
  stageId: optionalQueryId('Estágio inválido'),
  stageKey: v.optional(v.picklist(STAGE_KEYS, 'Estágio inválido')),
});
export type CatalogueCheckQuery = v.InferOutput<typeof CatalogueCheckQuerySchema>;

export interface CatalogueCheckAnswer {
  /** The query keys naming nothing of this broker's (another broker's id is exactly an unknown one). */
  missing: (keyof CatalogueCheckQuery)[];
  product?: { id: number; name: string; policyType: PolicyType };
  leadSource?: { id: number; name: string };
  insurer?: { id: number; name: string };
  stage?: { id: number; key: StageKey; name: string };
}

/** list / create / update / remove of one catalogue of the broker. */
function catalogueOperations<Item, Create extends v.GenericSchema, Update extends v.GenericSchema, const Path extends string, const Name extends string>(
  name: Name,
  path: Path,
  label: string,
  schemas: { create: Create; update: Update },
) {
  return {
    list: operation({ id: `${name}.list`, method: 'GET', path, access: 'signed-in', summary: `${label}: a lista, por nome.`, answer: answer<Item[]>() }),
    create: operation({ id: `${name}.create`, method: 'POST', path, access: 'signed-in', summary: `${label}: cria um item.`, status: 201, body: schemas.create, answer: answer<Item>() }),
    update: operation({
      id: `${name}.update`, method: 'PATCH', path: `${path}/:id`, access: 'signed-in', summary: `${label}: altera um item.`,
      body: schemas.update, notFound: ITEM_NOT_FOUND, answer: answer<Item>(),
    }),
    remove: operation({ id: `${name}.remove`, method: 'DELETE', path: `${path}/:id`, access: 'signed-in', summary: `${label}: exclui um item.`, status: 204, notFound: ITEM_NOT_FOUND }),
  } as const;
}

/** The catalogues service: products, insurers, lead sources and the names other screens need. */
export const CATALOGUE_OPERATIONS = {
  products: catalogueOperations<Product, typeof ProductCreateSchema, typeof ProductUpdateSchema, '/api/products', 'products'>('products', '/api/products', 'Produtos', {
    create: ProductCreateSchema,
    update: ProductUpdateSchema,
  }),
  insurers: catalogueOperations<Insurer, typeof InsurerCreateSchema, typeof InsurerUpdateSchema, '/api/insurers', 'insurers'>('insurers', '/api/insurers', 'Seguradoras', {
    create: InsurerCreateSchema,
    update: InsurerUpdateSchema,
  }),
  leadSources: catalogueOperations<LeadSource, typeof LeadSourceCreateSchema, typeof LeadSourceUpdateSchema, '/api/lead-sources', 'leadSources'>('leadSources', '/api/lead-sources', 'Origens de lead', {
    create: LeadSourceCreateSchema,
    update: LeadSourceUpdateSchema,
  }),
  revealInsurerPassword: operation({
    id: 'insurers.revealPassword', method: 'POST', path: '/api/insurers/:id/reveal-password', access: 'signed-in',
    summary: 'Mostra a senha do portal da seguradora (guardada cifrada).', notFound: ITEM_NOT_FOUND, answer: answer<{ password: string | null }>(),
  }),
  referenceData: operation({ id: 'referenceData.get', method: 'GET', path: '/api/reference-data', access: 'signed-in', summary: 'Nomes de produtos, origens, seguradoras e estágios.', answer: answer<ReferenceData>() }),
  check: operation({
    id: 'catalogues.check', method: 'GET', path: '/internal/catalogues/:userId/check', access: 'internal',
    summary: 'Confere ids de catálogo de uma escrita.', query: CatalogueCheckQuerySchema, answer: answer<CatalogueCheckAnswer>(),
  }),
  clearData: operation({ id: 'catalogues.clearData', method: 'DELETE', path: '/internal/catalogues/:userId/data', access: 'internal', summary: 'Limpar Dados: catálogos e estágios de volta ao padrão.', status: 204 }),
} as const;
