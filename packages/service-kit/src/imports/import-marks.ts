import { NOT_FOUND } from '@corretora/contracts';
import type { Knex } from 'knex';
import { BrokerScopedTable } from '../broker-scope';
import { HttpError } from '../errors';

/**
 * The member an import's records are given to: the one an owner or admin chose on commit
 * (`assigned_to`), else the importer (the import's own `responsible_id`). Read from the import's
 * row by each batch, so a commit resumed by another replica, or picked up by another member's
 * request, gives them to the same member.
 */
export async function importAssignee(trx: Knex.Transaction, userId: string, importId: number): Promise<string> {
  const row = (await new BrokerScopedTable(trx, 'imports')
    .of(userId, trx)
    .byId(importId)
    .first(trx.raw('coalesce(assigned_to, responsible_id) as "memberId"'))) as { memberId: string } | undefined;
  if (!row) throw new HttpError(404, NOT_FOUND.import);
  return row.memberId;
}

/** What the commit did to each row (created, updated, skipped and why), its target and what undo needs, at the transaction's time. */
export async function markApplied(
  trx: Knex.Transaction,
  userId: string,
  importId: number,
  marks: readonly { line: number; applied: string; target_id: number | null; previous: unknown; reason?: string }[],
): Promise<void> {
  await new BrokerScopedTable(trx, 'import_rows').of(userId, trx).updateFrom(
    'r',
    {
      set: 'applied = x.applied, target_id = x.target_id, previous = x.previous, applied_at = now(), reason = coalesce(x.reason, r.reason)',
      from: 'jsonb_to_recordset(?::jsonb) as x(line int, applied text, target_id int, previous jsonb, reason text)',
      where: 'r.import_id = ? and r.line = x.line',
    },
    { from: [JSON.stringify(marks)], where: [importId] },
  );
}
