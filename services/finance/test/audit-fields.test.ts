import { AUDIT_FIELDS } from '@corretora/contracts';
import { auditedFields } from '@corretora/service-kit/testing';
import { financeStack } from './stack';

const { finance } = financeStack();

test('every field of a policy, of its repasse split and of a quote that the audit log records has a pt-BR name (#58 item 7)', async () => {
  for (const [table, entity] of [
    ['policies', 'policy'],
    ['policy_participants', 'policy_participant'],
    ['quotes', 'quote'],
  ] as const) {
    const unnamed = (await auditedFields(finance(), table)).filter((field) => !AUDIT_FIELDS[entity]?.[field]);
    expect({ entity, unnamed }).toEqual({ entity, unnamed: [] });
  }
});
