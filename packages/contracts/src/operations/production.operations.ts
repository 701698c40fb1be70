import { phantom, type Operation } from '../vocabulary/operation';
import { MANAGERS } from '../vocabulary/team-roles';
import type { ProductionQuerySchema, ProductionReport } from '../finance/production.schemas';

// Equipe › Produção: finance's, under identity's /api/team (the registry routes the exact paths).

export const production = {
  id: 'team.production',
  method: 'GET',
  path: '/api/team/production',
  access: 'signed-in',
  roles: MANAGERS,
  query: phantom as typeof ProductionQuerySchema,
  answer: phantom as ProductionReport,
} as const satisfies Operation;
export const productionCsv = {
  id: 'team.productionCsv',
  method: 'GET',
  path: '/api/team/production.csv',
  access: 'signed-in',
  roles: MANAGERS,
  query: phantom as typeof ProductionQuerySchema,
  produces: 'text/csv',
} as const satisfies Operation;
