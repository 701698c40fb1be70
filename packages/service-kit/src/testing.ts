import { randomBytes, randomUUID } from 'node:crypto';
import Keygrip from 'keygrip';
import knexFactory from 'knex';
import type { BaseConfig } from './config';
import type { Service } from './create-service';
import { SESSION_COOKIE, createSessionStore, type SessionUser } from './session';

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

export function testConfig(name: string, databaseUrl: string): BaseConfig {
  return {
    name,
    port: 0,
    databaseUrl,
    sessionKeys: TEST_SESSION_KEYS,
    internalToken: 'test-internal-token',
    logLevel: process.env.LOG_LEVEL ?? 'silent',
  };
}

/** A signed-in broker without going through identity: a session row plus its signed cookie. */
export async function sessionCookieFor(service: Service, user: SessionUser): Promise<string> {
  const sid = randomBytes(24).toString('base64url');
  await createSessionStore(service.knex).set(sid, { userId: user.id, email: user.email }, 60 * 60 * 1000);
  const keys = new Keygrip(service.app.keys as string[]);
  const signature = keys.sign(`${SESSION_COOKIE}=${sid}`);
  return `${SESSION_COOKIE}=${sid}; ${SESSION_COOKIE}.sig=${signature}`;
}

export function randomUser(): SessionUser {
  const id = randomUUID();
  return { id, email: `${id.slice(0, 8)}@corretora.test` };
}
