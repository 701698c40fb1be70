import { phantom, type Operation } from '../vocabulary/operation';
import { NOT_FOUND } from '../errors';
import type { RenewalQuoteAnswer, RenewalQuoteSchema } from '../finance/quotes.schemas';
import type { FinanceTaskWindow, PolicyNumberTaskRow, RenewalTaskRow, TaskOwner } from '../relationship/relationship-types';
import type { RenewalTasksQuerySchema, SnoozeSchema, TaskWindowQuerySchema } from '../relationship/tasks.schemas';
import type { NextActionSchema, RenewalOutcomeSchema, RenewalReportQuerySchema, RenewalsQuerySchema } from '../finance/renewals.schemas';
import type { RenewalDecision, RenewalList, RenewalReportRow } from '../finance/finance-types';
import type { NextAction } from '../vocabulary/renewals-options';

// Renovações: the list, quotes, the outcome, retention; and, for Minhas tarefas and the daily
// digest (the pipeline asks), the renewals and the policies awaiting their number that are work.
export const renewals = {
  id: 'renewals.list',
  method: 'GET',
  path: '/api/renewals',
  access: 'signed-in',
  query: phantom as typeof RenewalsQuerySchema,
  answer: phantom as RenewalList,
} as const satisfies Operation;
export const renewalQuote = {
  id: 'renewals.quote',
  method: 'POST',
  path: '/api/renewals/:id/quotes',
  access: 'signed-in',
  status: 201,
  notFound: NOT_FOUND.renewal,
  body: phantom as typeof RenewalQuoteSchema,
  answer: phantom as RenewalQuoteAnswer,
} as const satisfies Operation;
export const renewalQuotes = {
  id: 'renewals.quotes',
  method: 'GET',
  path: '/api/renewals/:id/quotes',
  access: 'signed-in',
  notFound: NOT_FOUND.renewal,
  answer: phantom as RenewalQuoteAnswer[],
} as const satisfies Operation;
export const renewalOutcome = {
  id: 'renewals.outcome',
  method: 'POST',
  path: '/api/renewals/:id/outcome',
  access: 'signed-in',
  notFound: NOT_FOUND.renewal,
  body: phantom as typeof RenewalOutcomeSchema,
  answer: phantom as RenewalDecision,
} as const satisfies Operation;
export const renewalReport = {
  id: 'renewals.report',
  method: 'GET',
  path: '/api/renewals/report',
  access: 'signed-in',
  query: phantom as typeof RenewalReportQuerySchema,
  answer: phantom as RenewalReportRow[],
} as const satisfies Operation;
export const renewalReportCsv = {
  id: 'renewals.reportCsv',
  method: 'GET',
  path: '/api/renewals/report.csv',
  access: 'signed-in',
  query: phantom as typeof RenewalReportQuerySchema,
  produces: 'text/csv',
} as const satisfies Operation;
export const renewalNextAction = {
  id: 'renewals.nextAction',
  method: 'PUT',
  path: '/api/renewals/:id/next-action',
  access: 'signed-in',
  notFound: NOT_FOUND.renewal,
  body: phantom as typeof NextActionSchema,
  answer: phantom as { id: number; nextAction: NextAction | null },
} as const satisfies Operation;

// Minhas tarefas and the daily digest (pipeline asks): the renewals that are work by a day.
export const renewalTasks = {
  id: 'renewals.tasksFor',
  method: 'GET',
  path: '/internal/finance/:userId/renewal-tasks',
  access: 'internal',
  query: phantom as typeof RenewalTasksQuerySchema,
  answer: phantom as RenewalTaskRow[],
} as const satisfies Operation;
export const policyNumberTasks = {
  id: 'policies.numberTasks',
  method: 'GET',
  path: '/internal/finance/:userId/policy-number-tasks',
  access: 'internal',
  query: phantom as typeof RenewalTasksQuerySchema,
  answer: phantom as PolicyNumberTaskRow[],
} as const satisfies Operation;
/** Minhas tarefas a page at a time: finance's tasks of one list, the first `limit` in order, and every list's count. */
export const taskWindow = {
  id: 'tasks.financeWindow',
  method: 'GET',
  path: '/internal/finance/:userId/task-window',
  access: 'internal',
  query: phantom as typeof TaskWindowQuerySchema,
  answer: phantom as FinanceTaskWindow,
} as const satisfies Operation;
export const policyNumberTaskSnooze = {
  id: 'policies.numberTaskSnooze',
  method: 'POST',
  path: '/internal/finance/:userId/policies/:id/number-reminder',
  access: 'internal',
  notFound: NOT_FOUND.task,
  body: phantom as typeof SnoozeSchema,
  answer: phantom as PolicyNumberTaskRow,
} as const satisfies Operation;
export const renewalTaskOwners = {
  id: 'renewals.taskOwners',
  method: 'GET',
  path: '/internal/finance/renewal-task-owners',
  access: 'internal',
  query: phantom as typeof RenewalTasksQuerySchema,
  answer: phantom as TaskOwner[],
} as const satisfies Operation;
export const renewalTaskDone = {
  id: 'renewals.taskDone',
  method: 'POST',
  path: '/internal/finance/:userId/renewals/:id/next-action-done',
  access: 'internal',
  status: 204,
  notFound: NOT_FOUND.task,
} as const satisfies Operation;
export const renewalTaskSnooze = {
  id: 'renewals.taskSnooze',
  method: 'POST',
  path: '/internal/finance/:userId/renewals/:id/snooze',
  access: 'internal',
  notFound: NOT_FOUND.task,
  body: phantom as typeof SnoozeSchema,
  answer: phantom as RenewalTaskRow,
} as const satisfies Operation;
