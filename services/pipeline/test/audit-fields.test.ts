import { AUDIT_FIELDS } from '@corretora/contracts';
import { auditedFields } from '@corretora/service-kit/testing';
import { pipelineFixture } from './stack';

const { fixture } = pipelineFixture();

test('every field of a client that the audit log records has a pt-BR name (#58 item 7)', async () => {
  const unnamed = (await auditedFields(fixture.service, 'contacts')).filter((field) => !AUDIT_FIELDS.contact?.[field]);
  expect(unnamed).toEqual([]);
});
