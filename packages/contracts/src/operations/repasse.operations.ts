import { phantom, type Operation } from '../vocabulary/operation';
import { NOT_FOUND } from '../errors';
import { MANAGERS, MONEY_ROLES } from '../vocabulary/team-roles';
import type { CommissionRules, RepasseClosing, RepasseMonth } from '../finance/repasse-types';
import type {
  CommissionRulesSchema,
  RepasseCloseSchema,
  RepasseQuerySchema,
  RepasseStatementQuerySchema,
} from '../finance/repasse.schemas';

// Repasse: a member's commission rules (finance's, under identity's /api/team: the registry
// routes the exact path), the month's ledger, its CSV and PDF statement, and closing a month.
export const commissionRules = {
  id: 'repasse.rules',
  method: 'GET',
  path: '/api/team/members/:memberId/commission-rules',
  access: 'signed-in',
  roles: MONEY_ROLES,
  notFound: NOT_FOUND.member,
  answer: phantom as CommissionRules,
} as const satisfies Operation;
export const setCommissionRules = {
  id: 'repasse.setRules',
  method: 'PUT',
  path: '/api/team/members/:memberId/commission-rules',
  access: 'signed-in',
  roles: MANAGERS,
  notFound: NOT_FOUND.member,
  body: phantom as typeof CommissionRulesSchema,
  answer: phantom as CommissionRules,
} as const satisfies Operation;
export const repasse = {
  id: 'repasse.month',
  method: 'GET',
  path: '/api/repasse',
  access: 'signed-in',
  roles: MONEY_ROLES,
  query: phantom as typeof RepasseQuerySchema,
  answer: phantom as RepasseMonth,
} as const satisfies Operation;
export const repasseCsv = {
  id: 'repasse.csv',
  method: 'GET',
  path: '/api/repasse.csv',
  access: 'signed-in',
  roles: MONEY_ROLES,
  query: phantom as typeof RepasseQuerySchema,
  produces: 'text/csv',
} as const satisfies Operation;
export const repasseStatement = {
  id: 'repasse.statement',
  method: 'GET',
  path: '/api/repasse/statement.pdf',
  access: 'signed-in',
  roles: MONEY_ROLES,
  query: phantom as typeof RepasseStatementQuerySchema,
  produces: 'application/pdf',
} as const satisfies Operation;
export const closeRepasseMonth = {
  id: 'repasse.close',
  method: 'POST',
  path: '/api/repasse/:month/close',
  access: 'signed-in',
  roles: MANAGERS,
  body: phantom as typeof RepasseCloseSchema,
  answer: phantom as RepasseClosing,
} as const satisfies Operation;
