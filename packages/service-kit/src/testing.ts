import type { Role } from '@corretora/contracts';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import request from 'supertest';
import knexFactory from 'knex';
import { DEFAULT_ACCOUNT_LIMITS, type BaseConfig } from './config';
import type { Service } from './create-service';
import { AUDIT_SKIPPED_COLUMNS, AUDIT_SKIPPED_PATTERN } from './audit';
import { createSession, sessionCookieName, type SessionUser } from './session';

/**
 * Helpers for integration tests against the real Postgres named by DATABASE_URL (an admin URL):
 * each test file gets its own database, dropped at the end.
 */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL must point at a Postgres where tests may create databases (npm test sets it).');
  const name = `test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
  await admin.raw('create database ??', [name]);
  await admin.destroy();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
      await dropper.raw('drop database if exists ?? with (force)', [name]);
      await dropper.destroy();
    },
  };
}

export const TEST_SESSION_KEYS = ['test-session-key-0123456789abcdef0123456789'];
export const TEST_INTERNAL_TOKEN = 'test-internal-token-0123456789abcdef0123';

export function testConfig(name: string, databaseUrl: string, overrides: Partial<BaseConfig> = {}): BaseConfig {
  return {
    name,
    host: '127.0.0.1',
    port: 0,
    internalPort: 0,
    databaseUrl,
    sessionKeys: TEST_SESSION_KEYS,
    internalToken: TEST_INTERNAL_TOKEN,
    logLevel: process.env.LOG_LEVEL ?? 'silent',
    appUrl: 'http://localhost:8080',
    session: { idleMs: 12 * 60 * 60 * 1000, lifetimeMs: 7 * 24 * 60 * 60 * 1000, secure: false },
    limits: DEFAULT_ACCOUNT_LIMITS,
    ...overrides,
  };
}

/** The Cookie header a browser would send for this session id, signed with the service's keys. */
export function signedSessionCookie(service: Service, sid: string, secure = false): string {
  const name = sessionCookieName(secure);
  const signature = service.cookieKeys.sign(`${name}=${sid}`);
  return `${name}=${sid}; ${name}.sig=${signature}`;
}

/** A signed-in broker without going through identity: a session row plus its signed cookie. */
export async function sessionCookieFor(service: Service, user: SessionUser): Promise<string> {
  const sid = await createSession(service.knex, user, { idleMs: 60 * 60 * 1000, lifetimeMs: 60 * 60 * 1000 });
  return signedSessionCookie(service, sid);
}

export function randomUser(): SessionUser {
  const id = randomUUID();
  return { id, memberId: id, role: 'owner', email: `${id.slice(0, 8)}@corretora.test`, name: `Corretor ${id.slice(0, 4)}` };
}

/** Another member of the broker's brokerage (a session of theirs sees what their role lets them). */
export function memberOf(broker: SessionUser, role: Role): SessionUser {
  const memberId = randomUUID();
  return { id: broker.id, memberId, role, email: `${memberId.slice(0, 8)}@corretora.test`, name: `Membro ${memberId.slice(0, 4)}` };
}

/**
 * One fixture for every service's tests: a fresh database, the service built on it, supertest
 * clients for its public and internal listeners, and brokers with signed sessions (call it twice
 * for "another broker"). Registers its own beforeAll/afterAll.
 */
export function serviceFixture(create: (databaseUrl: string) => Promise<Service>) {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let service: Service | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    service = await create(database.url);
  });
  afterAll(async () => {
    await service?.close();
    await database?.drop();
  });
  const current = () => {
    if (!service) throw new Error('the service fixture is used before its beforeAll ran');
    return service;
  };
  return {
    get service() {
      return current();
    },
    api: () => request(current().app.callback()),
    internal: () => request.agent(current().internalApp.callback()).set('x-internal-token', TEST_INTERNAL_TOKEN),
    /**
     * A signed-in broker of its own: every call is another broker. Onboarded unless told otherwise
     * (the gate row the broker service keeps from the profile, written directly).
     */
    async broker({ onboarded = true }: { onboarded?: boolean } = {}) {
      const user = randomUser();
      if (onboarded)
        await current().knex.raw(
          'insert into public.account_gates (user_id, onboarded) values (?, true) on conflict (user_id) do update set onboarded = true',
          [user.id],
        );
      return { user, cookie: await sessionCookieFor(current(), user) };
    },
  };
}

/**
 * A free port for a child process to bind (nginx, a supervised toy): below Linux's ephemeral range
 * (32768–60999), which outgoing connections and `listen(0)` draw from. A port from that range,
 * released for the child, can be taken before the child binds it — by CI's journeys' stack beside
 * jest, say; one below it only by an explicit bind.
 */
export async function portForAChild(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const server = net.createServer();
    const bound = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (bound) {
      await new Promise((resolve) => server.close(resolve));
      return port;
    }
  }
  throw new Error('no free port between 20000 and 32000');
}

/**
 * The fields of a table the audit log records, as the API names them (camelCase):
 * every column but the log's bookkeeping and secrets. A service's test holds them against
 * contracts' AUDIT_FIELDS, so a new column is named in pt-BR before its first history shows it.
 */
export async function auditedFields(service: Service, table: string): Promise<string[]> {
  const { rows } = await service.knex.raw<{ rows: { column_name: string }[] }>(
    `select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = ? and column_name <> all(?) and column_name !~ ?`,
    [table, [...AUDIT_SKIPPED_COLUMNS], AUDIT_SKIPPED_PATTERN],
  );
  return rows.map((row) => row.column_name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase())).sort();
}
