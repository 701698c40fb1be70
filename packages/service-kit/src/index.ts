export {
  ACTIVITY_TABLE,
  activityInsertSql,
  addActivityContact,
  addActivityMember,
  clearActivity,
  createActivityTable,
  refreshActivityTypes,
  recentActivity,
  recordActivity,
  type ActivityInput,
} from './activity';
export { BrokerScopedTable, moveResponsible, scopeBindings, scopedFromSql, scopedUpdateSql } from './broker-scope';
export { DEFAULT_ACCOUNT_LIMITS, MIN_SECRET_LENGTH, positiveInteger, readBaseConfig, type AccountLimits, type BaseConfig } from './config';
export { createService, rawBody, runMain, runService, type CreateServiceOptions, type Service, type ServiceDeps } from './create-service';
export { beginClearing, clearingTransaction, endClearing } from './account-gate';
export { csvCell, csvDate, csvDocument, csvMoney, sendCsv } from './csv';
export {
  behindTransactionPooler,
  createKnex,
  inLockedTransaction,
  intArrayLiteral,
  likeContaining,
  preparedQuery,
  preparedRead,
  readsSettled,
  withAdvisoryLock,
  type DatabasePoolMode,
} from './database';
export { FRESH_COOKIE, FRESH_HEADER, readRouting, readerOf } from './read-replica';
export { SHARD_LOCAL, SHARD_REFERENCE, keyByBrokerage, markNotDistributed, shardReadinessProblems } from './shard-ready';
export { declareTables, type ServiceTables, type TableDeclaration } from './tables';
export { KIT, declaredBy, scopeOf, type TableScope } from './table-scopes';
export { Jobs, jobsSchemaOf, type JobFailure, type JobAttempt, type JobHandler, type SendOptions as JobSendOptions } from './jobs';
export {
  databasePasswordVariable,
  prepareDatabase,
  requireOwnSearchPath,
  roleOf,
  serviceDatabaseUrl,
  trigramOpclass,
  type ServiceRole,
} from './database-roles';
export { seesMoney, withoutMoney } from './money-fields';
export { HttpError, isUniqueViolation, mapError, notFound, SUBJECT_BLOCKED_MESSAGE, type UniqueConstraints } from './errors';
export { createInternalClient, type InternalClient } from './internal-client';
export { AUDIT_TABLE, auditRequestWrites, auditTables, recordAuditEvent, redactAudit, type AuditEvent } from './audit';
export { assertActiveMember, assertResponsible, responsibleForNew, teamOrNobody } from './responsible';
export {
  actingMemberId,
  assertMayReassign,
  currentMember,
  forMemberOwnRecords,
  onlyOwnRecords,
  restrictedMember,
  runAsClientActor,
  runAsMember,
  type Member,
} from './member-context';
export { route, type OperationHandler, type OperationRequest } from './operations';
export {
  CLIENT_COOKIE,
  CLIENT_SESSIONS_TABLE,
  clientCookieName,
  currentClient,
  endClientSessionsOf,
  runAsClient,
  signInClient,
  signOutClient,
  type ClientSession,
} from './client-session';
export { REDACTED_PATHS, createLogger, requestLogging } from './logging';
export { createObjectStore, type ObjectStore } from './object-store';
export { TOO_MANY_UPLOADS, TOO_MANY_WRITES } from './account-limits';
export { RateLimiter, TOO_MANY_ATTEMPTS, type Limit } from './rate-limit';
export { SecretBox, secretKeyFrom } from './secret-box';
export { requireInternalToken, sameOriginGuard, securityHeaders } from './security';
export {
  SESSIONS_TABLE,
  SESSION_COOKIE,
  SESSION_LOOKUP_SQL,
  SESSION_TOUCH_MS,
  currentUser,
  destroySessionsOf,
  setSessionsIdentity,
  setSessionsRole,
  ONBOARDING_REQUIRED,
  requireOnboarding,
  requireUser,
  sessionCookieName,
  signIn,
  signOut,
  type SessionSettings,
  type ConfirmMember,
  type SessionUser,
} from './session';
export { TEXT, looksLikeText, singleFileUpload, sniffFile, type SingleFileOptions, type UploadedFile } from './upload';
export { INVALID_CHARACTER, MAX_ID, parseBody, parseIdParam, parseUuidParam, rejectNulCharacters } from './validation';
export { answerColumns, answerColumnsSql, toAnswer } from './answers';
export {
  parseRow,
  type AnalysisInput,
  type AppliedRow,
  type ImportKindHandler,
  type ImportKinds,
  type KeptRow,
  type RowAnalysis,
  type SheetRow,
} from './imports/import-kind';
export { importHandOverRoutes, importsRoutes, statementsRoutes, type SharedDoor } from './imports/import-routes';
export { XLSX_MIME, readUploadedSheet, type SheetFile } from './imports/sheet-file';
export { suggestColumns } from './imports/import-mapping';
export { handOverImports, receiveImports } from './imports/import-handover';
export { importAssignee, markApplied } from './imports/import-marks';
export { sheetMemberFinder } from './imports/import-members';
export { createImportTables, dropImportTables } from './imports/import-tables';
export { ImportsService, type ImportRequest, type ImportsOptions } from './imports/imports.service';
export type { JobMetrics } from './metrics';
export { sendFile } from './send-file';
