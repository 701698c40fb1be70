import { phantom, type Operation } from '../vocabulary/operation';
import { NOT_FOUND } from '../errors';
import type { ReferenceData } from '../types';
import type { CepAddress } from '../br/cep';
import type { ChargebackRule } from '../finance/finance-types';
import type { ChargebackRuleSchema } from '../finance/receivables.schemas';
import type { CatalogueCheckAnswer, CatalogueCheckQuerySchema } from '../catalogues/catalogues.schemas';
import type { PipelineStage } from '../types';
import type { StageIdleLimitsSchema } from '../relationship/tasks.schemas';
import { MANAGERS, OFFICE_ROLES } from '../vocabulary/team-roles';

// The catalogues service: products, insurers, lead sources and the names other screens need. Each operation is a plain object of its own, so a bundle keeps only those it names.
export { insurers, leadSources, products } from './catalogue-crud.operations';

export const revealInsurerPassword = {
  id: 'insurers.revealPassword',
  method: 'POST',
  path: '/api/insurers/:id/reveal-password',
  access: 'signed-in',
  roles: OFFICE_ROLES,
  notFound: NOT_FOUND.item,
  answer: phantom as { password: string | null },
} as const satisfies Operation;
/** An address by its CEP, answered by the server from a public CEP service (cached, 3 s timeout). */
export const cepLookup = {
  id: 'cep.lookup',
  method: 'GET',
  path: '/api/cep/:cep',
  access: 'signed-in',
  notFound: 'CEP não encontrado.',
  answer: phantom as CepAddress,
} as const satisfies Operation;
export const referenceData = {
  id: 'referenceData.get',
  method: 'GET',
  path: '/api/reference-data',
  access: 'signed-in',
  answer: phantom as ReferenceData,
} as const satisfies Operation;
export const check = {
  id: 'catalogues.check',
  method: 'GET',
  path: '/internal/catalogues/:userId/check',
  access: 'internal',
  query: phantom as typeof CatalogueCheckQuerySchema,
  answer: phantom as CatalogueCheckAnswer,
} as const satisfies Operation;
export const referenceFor = {
  id: 'catalogues.referenceFor',
  method: 'GET',
  path: '/internal/catalogues/:userId/reference-data',
  access: 'internal',
  answer: phantom as ReferenceData,
} as const satisfies Operation;
/** The brokerage's insurers alone (finance's imports match their names, its rows and reports print them): the defaults check and one read. */
export const insurersFor = {
  id: 'catalogues.insurersFor',
  method: 'GET',
  path: '/internal/catalogues/:userId/insurers',
  access: 'internal',
  answer: phantom as ReferenceData['insurers'],
} as const satisfies Operation;
export const clearData = {
  id: 'catalogues.clearData',
  method: 'DELETE',
  path: '/internal/catalogues/:userId/data',
  access: 'internal',
  status: 204,
} as const satisfies Operation;
export const chargebackRule = {
  id: 'insurers.chargebackRule',
  method: 'GET',
  path: '/api/insurers/:id/chargeback-rule',
  access: 'signed-in',
  roles: MANAGERS,
  notFound: NOT_FOUND.insurer,
  answer: phantom as ChargebackRule,
} as const satisfies Operation;
export const setChargebackRule = {
  id: 'insurers.setChargebackRule',
  method: 'PUT',
  path: '/api/insurers/:id/chargeback-rule',
  access: 'signed-in',
  roles: MANAGERS,
  notFound: NOT_FOUND.insurer,
  body: phantom as typeof ChargebackRuleSchema,
  answer: phantom as ChargebackRule,
} as const satisfies Operation;
export const chargebackRuleFor = {
  id: 'catalogues.chargebackRuleFor',
  method: 'GET',
  path: '/internal/catalogues/:userId/insurers/:id/chargeback-rule',
  access: 'internal',
  notFound: NOT_FOUND.insurer,
  answer: phantom as ChargebackRule,
} as const satisfies Operation;
export const setStageIdleLimits = {
  id: 'stages.setIdleLimits',
  method: 'PUT',
  path: '/api/pipeline-stages/idle-limits',
  access: 'signed-in',
  roles: OFFICE_ROLES,
  body: phantom as typeof StageIdleLimitsSchema,
  answer: phantom as PipelineStage[],
} as const satisfies Operation;
