import { phantom, type Operation } from '../vocabulary/operation';
import type { CommissionRow, CommissionsSummary, ListPage, ReceivableInstalment, ReceivablesSummary } from '../finance/finance-types';
import type { CommissionPoliciesQuerySchema, CommissionsQuerySchema, PolicyPageQuerySchema } from '../finance/finance.schemas';
import type { Policy } from '../finance/policy.schemas';
import type { ReceivableInstalmentsQuerySchema, ReceivablesQuerySchema } from '../finance/receivables.schemas';
import { MONEY_ROLES } from '../vocabulary/team-roles';

// Finance's lists that a large brokerage (#63: 500,000 policies) reads a page at a time, added beside
// the whole lists (GET /api/policies, GET /api/commissions), which other clients are built on.

/** Beside GET /api/policies (the whole list, kept for its clients): the screen's pages, a large book a page at a time. */
export const policyPage = {
  id: 'policies.page',
  method: 'GET',
  path: '/api/policies/page',
  access: 'signed-in',
  query: phantom as typeof PolicyPageQuerySchema,
  answer: phantom as ListPage<Policy>,
} as const satisfies Operation;
/** Beside GET /api/commissions (every row and the summary, kept for its clients): the screen's summary alone ... */
export const commissionsSummary = {
  id: 'commissions.summary',
  method: 'GET',
  path: '/api/commissions/summary',
  access: 'signed-in',
  roles: MONEY_ROLES,
  query: phantom as typeof CommissionsQuerySchema,
  answer: phantom as CommissionsSummary,
} as const satisfies Operation;
/** ... and its Apólices tab a page at a time. */
export const commissionPolicies = {
  id: 'commissions.policies',
  method: 'GET',
  path: '/api/commissions/policies',
  access: 'signed-in',
  roles: MONEY_ROLES,
  query: phantom as typeof CommissionPoliciesQuerySchema,
  answer: phantom as ListPage<CommissionRow>,
} as const satisfies Operation;
/** Beside GET /api/receivables (the month with every instalment, kept for its clients): the screen's figures alone ... */
export const receivablesSummary = {
  id: 'receivables.summary',
  method: 'GET',
  path: '/api/receivables/summary',
  access: 'signed-in',
  roles: MONEY_ROLES,
  query: phantom as typeof ReceivablesQuerySchema,
  answer: phantom as ReceivablesSummary,
} as const satisfies Operation;
/** ... and an insurer's instalments of the month a page at a time (due day, then policy). */
export const receivableInstalments = {
  id: 'receivables.instalments',
  method: 'GET',
  path: '/api/receivables/instalments',
  access: 'signed-in',
  roles: MONEY_ROLES,
  query: phantom as typeof ReceivableInstalmentsQuerySchema,
  answer: phantom as ListPage<ReceivableInstalment>,
} as const satisfies Operation;
