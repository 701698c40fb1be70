import { INTERNAL_PORT_OFFSET, SERVICES, type ServiceName } from '@corretora/registry';
import type { DatabasePoolMode } from './database';
import type { SessionSettings } from './session';

export interface BaseConfig {
  /** The service name: also its Postgres schema and its log name. */
  name: string;
  /** Interface both listeners bind: loopback unless HOST says otherwise (compose: its network). */
  host: string;
  port: number;
  /** The /internal/* listener (INTERNAL_PORT, default PORT + 100): never behind the gateway. */
  internalPort: number;
  databaseUrl: string;
  /** DATABASE_POOL_MODE: `transaction` when DATABASE_URL is a transaction pooler (PgBouncer), else `session`. */
  databasePoolMode?: DatabasePoolMode;
  /**
   * DATABASE_READ_URL: a streaming replica for the reads that may lag (read-replica.ts), and
   * READ_YOUR_WRITES_SECONDS: how long after a write a session reads only the primary (and how far
   * behind the replica may be before it is skipped).
   */
  databaseReadUrl?: string;
  readYourWritesSeconds?: number;
  sessionKeys: string[];
  internalToken: string;
  logLevel: string;
  /** The public URL (APP_URL): https there turns on Secure cookies and HSTS by default. */
  appUrl: string;
  session: SessionSettings;
  /**
   * Across the services, a minute: each member's writes (WRITE_LIMIT_PER_MINUTE) and uploads
   * (UPLOAD_LIMIT_PER_MINUTE), and the brokerage's, all its members together
   * (BROKERAGE_WRITE_LIMIT_PER_MINUTE, BROKERAGE_UPLOAD_LIMIT_PER_MINUTE; 5 times a member's by default).
   */
  limits: AccountLimits;
}

export interface AccountLimits {
  /** One member's (one producer's burst slows only them). */
  writesPerMinute: number;
  uploadsPerMinute: number;
  /** The brokerage's ceiling, every member together; absent: BROKERAGE_SHARE times a member's. */
  brokerageWritesPerMinute?: number;
  brokerageUploadsPerMinute?: number;
}

/** A brokerage's ceiling against one member's limit, when not configured. */
export const BROKERAGE_SHARE = 5;

export const MIN_SECRET_LENGTH = 32;
export const DEFAULT_READ_YOUR_WRITES_SECONDS = 10;
export const DEFAULT_SESSION_IDLE_MINUTES = 12 * 60;
export const DEFAULT_SESSION_LIFETIME_HOURS = 7 * 24;
/** Well above what a person does (a busy broker: a few writes a minute), far below a script's pace. */
export const DEFAULT_ACCOUNT_LIMITS: AccountLimits = { writesPerMinute: 300, uploadsPerMinute: 30 };

function accountLimitsOf(env: NodeJS.ProcessEnv): Required<AccountLimits> {
  const writesPerMinute = positiveInteger(env, 'WRITE_LIMIT_PER_MINUTE', DEFAULT_ACCOUNT_LIMITS.writesPerMinute);
  const uploadsPerMinute = positiveInteger(env, 'UPLOAD_LIMIT_PER_MINUTE', DEFAULT_ACCOUNT_LIMITS.uploadsPerMinute);
  return {
    writesPerMinute,
    uploadsPerMinute,
    brokerageWritesPerMinute: positiveInteger(env, 'BROKERAGE_WRITE_LIMIT_PER_MINUTE', BROKERAGE_SHARE * writesPerMinute),
    brokerageUploadsPerMinute: positiveInteger(env, 'BROKERAGE_UPLOAD_LIMIT_PER_MINUTE', BROKERAGE_SHARE * uploadsPerMinute),
  };
}

export function positiveInteger(env: NodeJS.ProcessEnv, key: string, fallback: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${key} must be a positive integer, got ${raw}`);
  return value;
}

function required(env: NodeJS.ProcessEnv, key: string): string {
  const value = env[key];
  if (!value) throw new Error(`${key} is not set. Start the stack with \`npm start\` or set ${key} (see README.md).`);
  return value;
}

function positiveNumber(env: NodeJS.ProcessEnv, key: string, fallback: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${key} must be a positive number, got ${raw}`);
  return value;
}

function port(env: NodeJS.ProcessEnv, key: string, fallback: number): number {
  const value = Number(env[key] ?? fallback);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`${key} must be a port number, got ${env[key]}`);
  return value;
}

function poolMode(env: NodeJS.ProcessEnv): DatabasePoolMode {
  const raw = env.DATABASE_POOL_MODE?.trim().toLowerCase();
  if (!raw || raw === 'session') return 'session';
  if (raw === 'transaction') return 'transaction';
  throw new Error(`DATABASE_POOL_MODE must be session or transaction, got ${env.DATABASE_POOL_MODE}`);
}

function flag(env: NodeJS.ProcessEnv, key: string, fallback: boolean): boolean {
  const raw = env[key]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new Error(`${key} must be true or false, got ${env[key]}`);
}

/**
 * Every service reads the same variables; configuration comes only from the environment, and the
 * default port from the registry.
 */
export function readBaseConfig(name: ServiceName, env: NodeJS.ProcessEnv = process.env): BaseConfig {
  const publicPort = port(env, 'PORT', SERVICES[name].port);
  const sessionKeys = required(env, 'SESSION_KEYS')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  if (sessionKeys.some((key) => key.length < MIN_SECRET_LENGTH)) {
    throw new Error(`Each SESSION_KEYS entry must have at least ${MIN_SECRET_LENGTH} characters.`);
  }
  const internalToken = required(env, 'INTERNAL_TOKEN');
  if (internalToken.length < MIN_SECRET_LENGTH) throw new Error(`INTERNAL_TOKEN must have at least ${MIN_SECRET_LENGTH} characters.`);
  const appUrl = (env.APP_URL ?? 'http://localhost:8080').replace(/\/$/, '');
  return {
    name,
    host: env.HOST || '127.0.0.1',
    port: publicPort,
    internalPort: port(env, 'INTERNAL_PORT', publicPort === 0 ? 0 : publicPort + INTERNAL_PORT_OFFSET),
    databaseUrl: required(env, 'DATABASE_URL'),
    databasePoolMode: poolMode(env),
    databaseReadUrl: env.DATABASE_READ_URL || undefined,
    readYourWritesSeconds: positiveNumber(env, 'READ_YOUR_WRITES_SECONDS', DEFAULT_READ_YOUR_WRITES_SECONDS),
    sessionKeys,
    internalToken,
    logLevel: env.LOG_LEVEL ?? 'info',
    appUrl,
    session: {
      idleMs: positiveNumber(env, 'SESSION_IDLE_MINUTES', DEFAULT_SESSION_IDLE_MINUTES) * 60_000,
      lifetimeMs: positiveNumber(env, 'SESSION_LIFETIME_HOURS', DEFAULT_SESSION_LIFETIME_HOURS) * 3_600_000,
      secure: flag(env, 'COOKIE_SECURE', appUrl.startsWith('https://')),
    },
    limits: accountLimitsOf(env),
  };
}
