import { BrokerScopedTable, HttpError } from '@corretora/service-kit';
import type { Knex } from 'knex';

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
  if (!row) throw new HttpError(404, 'Importação não encontrada.');
  return row.memberId;
}
