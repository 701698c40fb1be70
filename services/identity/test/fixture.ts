import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { serviceFixture, testConfig } from '@corretora/service-kit/testing';
import { createIdentityService } from '../src/app';

/**
 * Identity alone on a fresh database, mail going to an outbox folder of its own (JSON files, as
 * without SMTP): the file's tests read the links it mails from there.
 */
export function identityFixture(registerLimitPerHour: number) {
  const outboxDir = mkdtempSync(path.join(os.tmpdir(), 'identity-outbox-'));
  const fixture = serviceFixture((databaseUrl) =>
    createIdentityService({
      ...testConfig('identity', databaseUrl),
      appUrl: 'http://crm.test',
      smtpUrl: null,
      mailFrom: 'CRM <crm@test>',
      outboxDir,
      registerLimitPerHour,
      brokerUrl: null,
      pipelineUrl: null,
      financeUrl: null,
    }),
  );
  afterAll(async () => {
    await rm(outboxDir, { recursive: true, force: true });
  });
  return { fixture, outboxDir };
}
